import { type FormEvent, useRef } from "react";
import { Form } from "react-router";
import { adminPath } from "../../../common/admin";
import { carClassChoices } from "../../../server/catalog/car-classes";
import { readCarTypeUpload } from "../../../server/catalog/car-photos";
import {
  CAR_TYPE_LISTS,
  CarTypeSchema,
  carTypeFormValues,
  FUEL_CODES,
  MAX_PHOTOS,
  NEW_CAR_TYPE_VALUES,
  PHOTO_FIELD,
  PHOTO_TYPES,
  photoFilesProblem,
  SMOKING_CODES,
  TRANSMISSION_CODES,
} from "../../../server/catalog/car-type.schema";
import { createCarType, deleteCarType, getCarType, updateCarType } from "../../../server/catalog/car-types";
import {
  AdminCheckbox,
  AdminErrorSummary,
  type AdminErrors,
  AdminField,
  AdminNumber,
  AdminSelect,
  MlTextFields,
} from "../../components/admin/fields";
import { AdminPageHeader, AdminSection, DeleteForm, SubmitButton } from "../../components/admin/page";
import { CsrfField } from "../../components/csrf-field";
import { codeLabel, FUEL_LABEL, MISSION_LABEL, SMOKING_LABEL } from "../../i18n/labels";
import type { MessageKey } from "../../i18n/messages/ja";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath, useCan } from "../../lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "../../lib/admin.server";
import { formFailure, handleForm, handleIntent } from "../../lib/form-action.server";
import { formObject, issuesToErrors, useForm } from "../../lib/forms";
import { useI18n } from "../../lib/i18n";
import { requireId } from "../../lib/site.server";
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
        <AdminSection title={t("admin.carTypes.sectionBasics")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <AdminSelect
              name="class_id"
              label={t("admin.carTypes.class")}
              errors={errors}
              defaultValue={values.class_id ?? ""}
              required
              options={[
                { value: "", label: t("admin.carTypes.classChoose") },
                ...loaderData.classes.map((c) => ({ value: String(c.id), label: c.name })),
              ]}
            />
            <AdminNumber
              name="display_order"
              label={t("admin.carTypes.order")}
              hint={t("admin.carTypes.orderHint")}
              errors={errors}
              defaultValue={values.display_order}
              required
            />
          </div>
          <MlTextFields
            name="type_name"
            label={t("admin.carTypes.name")}
            values={values}
            errors={errors}
            required
            maxLength={100}
          />
          <MlTextFields
            name="model_names"
            label={t("admin.carTypes.models")}
            values={values}
            errors={errors}
            maxLength={200}
          />
        </AdminSection>
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
        <AdminSection title={t("admin.carTypes.sectionPhotos")} testId="photos">
          {loaderData.photos.length ? (
            <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {loaderData.photos.map((photo, i) => {
                const n = i + 1;
                const at = sentPaths?.indexOf(photo.src) ?? -1;
                const order = at >= 0 && sentOrder?.[at] !== undefined ? sentOrder[at] : String(n);
                return (
                  <li key={photo.src} className="grid gap-2 rounded-md border border-gray-200 p-3" data-testid="photo">
                    <img
                      src={photo.thumb || photo.src}
                      alt={t("admin.carTypes.photoAlt", { name, n })}
                      width={320}
                      height={200}
                      className="aspect-[8/5] w-full rounded bg-gray-100 object-cover"
                    />
                    {n === 1 ? (
                      <p className="text-sm font-semibold text-gray-800">{t("admin.carTypes.photoCover")}</p>
                    ) : null}
                    <input type="hidden" name="photo" value={photo.src} />
                    <div className="flex flex-wrap items-end justify-between gap-3">
                      <label className="grid gap-1 text-sm">
                        {t("admin.carTypes.photoOrder", { n })}
                        <select name="photo_order" defaultValue={order} className="field w-24">
                          {loaderData.photos.map((_, j) => (
                            <option key={String(j + 1)} value={String(j + 1)}>
                              {j + 1}
                            </option>
                          ))}
                        </select>
                      </label>
                      <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          name="photo_remove"
                          value={photo.src}
                          defaultChecked={sentRemove.includes(photo.src)}
                        />
                        {t("admin.carTypes.photoRemove", { n })}
                      </label>
                    </div>
                  </li>
                );
              })}
            </ol>
          ) : (
            <p className="text-gray-700">{t("admin.carTypes.photosNone")}</p>
          )}
          {values[PHOTOS_CHOSEN] === "1" ? (
            <p
              className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
              data-testid="photos-choose-again"
            >
              {t("admin.carTypes.photosChooseAgain")}
            </p>
          ) : null}
          {/* The last field of the form: an upload refused for its size still sends every field above. */}
          <AdminField
            name={PHOTO_FIELD}
            label={t("admin.carTypes.photosAdd")}
            hint={t("admin.carTypes.photosHint", { max: MAX_PHOTOS })}
            errors={errors}
          >
            {(ids) => (
              <input
                ref={fileRef}
                type="file"
                name={PHOTO_FIELD}
                multiple
                accept={PHOTO_TYPES.join(",")}
                className="field"
                data-testid="photo-input"
                {...ids}
              />
            )}
          </AdminField>
        </AdminSection>
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

/** Seats, engine, fuel, gearbox, smoking and equipment: what the car page lists. */
function SpecsSection({ errors, values }: { errors: AdminErrors; values: Record<string, string> }) {
  const { t } = useAdminI18n();
  const { t: pageT } = useI18n();
  const codes = (list: readonly string[], labels: Readonly<Record<number, MessageKey>>) =>
    list.map((c) => ({ value: c, label: pageT(codeLabel(labels, Number(c))) }));
  return (
    <AdminSection title={t("admin.carTypes.sectionSpecs")}>
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminNumber
          name="capacity"
          label={t("admin.carTypes.capacity")}
          errors={errors}
          defaultValue={values.capacity}
          required
        />
        <AdminNumber
          name="displacement_cc"
          label={t("admin.carTypes.displacement")}
          errors={errors}
          defaultValue={values.displacement_cc}
        />
        <AdminNumber name="doors" label={t("admin.carTypes.doors")} errors={errors} defaultValue={values.doors} />
        <AdminNumber
          name="tank_litres"
          label={t("admin.carTypes.tankLitres")}
          hint={t("admin.carTypes.tankLitresHint")}
          errors={errors}
          defaultValue={values.tank_litres}
          maxLength={3}
        />
        <AdminSelect
          name="fuel"
          label={t("admin.carTypes.fuel")}
          errors={errors}
          defaultValue={values.fuel}
          options={codes(FUEL_CODES, FUEL_LABEL)}
        />
        <AdminSelect
          name="transmission"
          label={t("admin.carTypes.transmission")}
          errors={errors}
          defaultValue={values.transmission}
          options={codes(TRANSMISSION_CODES, MISSION_LABEL)}
        />
        <AdminSelect
          name="smoking"
          label={t("admin.carTypes.smoking")}
          errors={errors}
          defaultValue={values.smoking}
          options={codes(SMOKING_CODES, SMOKING_LABEL)}
        />
      </div>
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-semibold text-gray-800">{t("admin.carTypes.equipment")}</legend>
        <div className="flex flex-wrap gap-x-6">
          <AdminCheckbox
            name="has_navigation"
            label={t("admin.carTypes.navigation")}
            defaultChecked={values.has_navigation === "1"}
          />
          <AdminCheckbox name="has_etc" label={t("admin.carTypes.etc")} defaultChecked={values.has_etc === "1"} />
          <AdminCheckbox
            name="is_four_wd"
            label={t("admin.carTypes.fourWd")}
            defaultChecked={values.is_four_wd === "1"}
          />
        </div>
      </fieldset>
    </AdminSection>
  );
}
