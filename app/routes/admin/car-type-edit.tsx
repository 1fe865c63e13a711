import { type FormEvent, useRef } from "react";
import { Form } from "react-router";
import { BasicsSection } from "#app/components/admin/car-type-edit/basics-section";
import { PhotosSection } from "#app/components/admin/car-type-edit/photos-section";
import { SpecsSection } from "#app/components/admin/car-type-edit/specs-section";
import { AdminCheckbox, AdminErrorSummary, MlTextFields } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, DeleteForm, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { formFailure, handleForm, handleIntent } from "#app/lib/form-action.server";
import { formObject, issuesToErrors, useForm } from "#app/lib/forms";
import { requireId } from "#app/lib/site.server";
import { adminPath } from "#common/admin";
import { carClassChoices } from "#server/catalog/car-classes";
import { readCarTypeUpload } from "#server/catalog/car-photos";
import {
  CAR_TYPE_LISTS,
  CarTypeSchema,
  carTypeFormValues,
  NEW_CAR_TYPE_VALUES,
  PHOTO_FIELD,
  photoFilesProblem,
} from "#server/catalog/car-type.schema";
import { createCarType, deleteCarType, getCarType, updateCarType } from "#server/catalog/car-types";
import type { Route } from "./+types/car-type-edit";

/**
 * `/car-types/new` and `/car-types/:carTypeId`: every car field of spec §3, and the photos (kept ones
 * reordered or removed, new ones added). A multipart form that works without JavaScript; the file
 * input comes last, so a refused upload still sends back every other field typed.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const classes = await carClassChoices(db, siteId, actor);
  if (params.carTypeId === undefined) {
    return { carTypeId: null, name: "", classes, photos: [], values: NEW_CAR_TYPE_VALUES };
  }
  const row = await getCarType(db, siteId, actor, requireId(params.carTypeId));
  return { carTypeId: row.id, name: row.typeName, classes, photos: row.photos, values: carTypeFormValues(row) };
}

/** Set on a refused form that carried photos: files are never sent back, so they must be chosen again. */
const PHOTOS_CHOSEN = "photos_chosen";

export async function action({ context, request, params }: Route.ActionArgs) {
  const {
    actor,
    siteId,
    db,
    services: { media },
  } = requireStaffAccess(context, request, "catalog.edit");
  const carTypeId = params.carTypeId === undefined ? null : requireId(params.carTypeId);
  // Settled before a byte of the body is read: a refusal is a 403, never a 413 or 422.
  const upload = await readCarTypeUpload(request);
  if (!upload.ok) {
    upload.form.set(PHOTOS_CHOSEN, "1");
    return formFailure(upload.form, { [PHOTO_FIELD]: upload.reason }, upload.status);
  }
  const { form } = upload;
  if (carTypeId !== null && form.get("intent") === "delete") {
    return handleIntent(form, async () => {
      await deleteCarType(db, media, siteId, actor, carTypeId);
      invalidateSite(context);
      return redirectWithAdminFlash(request, adminPath(siteId, "/car-types"), {
        kind: "success",
        key: "admin.flash.deleted",
      });
    });
  }
  if (upload.photos.length || upload.photoError) form.set(PHOTOS_CHOSEN, "1");
  if (upload.photoError) {
    const parsed = CarTypeSchema.safeParse(formObject(form, CAR_TYPE_LISTS));
    return formFailure(form, {
      ...(parsed.success ? {} : issuesToErrors(parsed.error.issues)),
      [PHOTO_FIELD]: upload.photoError,
    });
  }
  return handleForm(
    form,
    CarTypeSchema,
    async (input) => {
      const id = carTypeId ?? (await createCarType(db, media, siteId, actor, input, upload.photos)).carTypeId;
      if (carTypeId !== null) await updateCarType(db, media, siteId, actor, carTypeId, input, upload.photos);
      invalidateSite(context);
      return redirectWithAdminFlash(request, adminPath(siteId, `/car-types/${id}`), {
        kind: "success",
        key: carTypeId === null ? "admin.flash.created" : "admin.flash.saved",
      });
    },
    { lists: CAR_TYPE_LISTS },
  );
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return data.carTypeId === null ? t("admin.carTypes.newTitle") : `${t("admin.carTypes.editTitle")}: ${data.name}`;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminCarTypeEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  const { errors, setErrors, formRef, onSubmit, onChange } = useForm(CarTypeSchema, actionData, {
    lists: CAR_TYPE_LISTS,
  });
  const fileRef = useRef<HTMLInputElement>(null);
  // After a refused save the form shows what was sent (a refused delete sent nothing but its intent).
  const refused = actionData && actionData.values.intent !== "delete" ? actionData : null;
  const values = refused ? refused.values : loaderData.values;
  const listOf = (name: string) =>
    refused ? (refused.lists[name] ?? (values[name] !== undefined ? [values[name] as string] : [])) : null;
  const sentPaths = listOf("photo");
  const sentOrder = listOf("photo_order");
  const sentRemove = listOf("photo_remove") ?? [];
  const isNew = loaderData.carTypeId === null;
  const name = loaderData.name;

  // The browser checks the chosen files as the server will (size and declared type; the server reads the bytes).
  const photoProblem = (form: HTMLFormElement) => {
    const files = [...(fileRef.current?.files ?? [])];
    if (!files.length) return null;
    const data = new FormData(form);
    const kept = data.getAll("photo").length - data.getAll("photo_remove").length;
    return photoFilesProblem(files, kept);
  };
  const checkPhotos = (event: FormEvent<HTMLFormElement>) => {
    const problem = photoProblem(event.currentTarget);
    setErrors((current) => {
      const next = { ...current };
      if (problem) next[PHOTO_FIELD] = problem;
      else delete next[PHOTO_FIELD];
      return next;
    });
    return problem;
  };

  return (
    <>
      <AdminPageHeader title={pageTitle(t, loaderData)} back={path("/car-types")} />
      {loaderData.classes.length === 0 ? (
        <p className="card mb-4 p-4 font-semibold" data-testid="needs-class">
          {t("admin.carTypes.noClasses")}
        </p>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        ref={formRef}
        onSubmit={(event) => {
          onSubmit(event);
          const fieldsRefused = event.defaultPrevented;
          if (!checkPhotos(event)) return;
          event.preventDefault();
          if (!fieldsRefused) fileRef.current?.focus();
        }}
        onChange={(event) => {
          onChange(event);
          if ((event.target as EventTarget) !== fileRef.current) return;
          checkPhotos(event);
        }}
        noValidate
        className="grid gap-4"
        data-testid="car-type-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        <BasicsSection classes={loaderData.classes} errors={errors} values={values} />
        <SpecsSection errors={errors} values={values} />
        <AdminSection title={t("admin.carTypes.sectionNotes")}>
          <MlTextFields
            name="notes"
            label={t("admin.carTypes.notes")}
            values={values}
            errors={errors}
            multiline
            rows={3}
            maxLength={2000}
          />
          <AdminCheckbox
            name="is_published"
            label={t("admin.carTypes.published")}
            hint={t("admin.carTypes.publishedHint")}
            defaultChecked={values.is_published === "1"}
          />
        </AdminSection>
        <PhotosSection
          photos={loaderData.photos}
          name={name}
          errors={errors}
          fileRef={fileRef}
          sent={{ paths: sentPaths, order: sentOrder, remove: sentRemove }}
          chooseAgain={values[PHOTOS_CHOSEN] === "1"}
        />
        {can("catalog.edit") ? (
          <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <SubmitButton testId="save">{isNew ? t("admin.action.create") : t("admin.action.save")}</SubmitButton>
          </div>
        ) : null}
      </Form>
      {!isNew && can("catalog.edit") ? (
        <div className="mt-8 grid gap-2 border-t border-gray-200 pt-4">
          <p className="text-sm text-gray-700">{t("admin.carTypes.deleteHint")}</p>
          <DeleteForm />
        </div>
      ) : null}
    </>
  );
}
