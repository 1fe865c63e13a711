import { Form } from "react-router";
import { AdminErrorSummary, AdminNumber, MlTextFields } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, DeleteForm, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess, rowAction } from "#app/lib/admin.server";
import { useForm } from "#app/lib/forms";
import { requireId } from "#app/lib/site.server";
import { CarClassSchema, carClassFormValues, NEW_CAR_CLASS_VALUES } from "#server/catalog/car-class.schema";
import { createCarClass, deleteCarClass, getCarClass, updateCarClass } from "#server/catalog/car-classes";
import type { Route } from "./+types/class-edit";

/** `/classes/new` and `/classes/:classId`: a car class's name in four languages and its order. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  if (params.classId === undefined) return { classId: null, name: "", values: NEW_CAR_CLASS_VALUES };
  const row = await getCarClass(db, siteId, actor, requireId(params.classId));
  return { classId: row.id, name: row.className, values: carClassFormValues(row) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const access = requireStaffAccess(context, request, "catalog.edit");
  const { actor, siteId, db } = access;
  const classId = params.classId === undefined ? null : requireId(params.classId);
  return rowAction(access, request, await request.formData(), {
    id: classId,
    list: "/classes",
    schema: CarClassSchema,
    create: async (input) => (await createCarClass(db, siteId, actor, input)).classId,
    update: (id, input) => updateCarClass(db, siteId, actor, id, input),
    remove: (id) => deleteCarClass(db, siteId, actor, id),
  });
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return data.classId === null ? t("admin.classes.newTitle") : `${t("admin.classes.editTitle")}: ${data.name}`;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminClassEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  const { errors, formRef, onSubmit, onChange, values } = useForm(CarClassSchema, actionData, {
    values: loaderData.values,
  });
  const isNew = loaderData.classId === null;
  return (
    <>
      <AdminPageHeader title={pageTitle(t, loaderData)} back={path("/classes")} />
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="class-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        <AdminSection>
          <MlTextFields
            name="class_name"
            label={t("admin.classes.name")}
            values={values}
            errors={errors}
            required
            maxLength={50}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <AdminNumber
              name="display_order"
              label={t("admin.classes.order")}
              hint={t("admin.classes.orderHint")}
              errors={errors}
              defaultValue={values.display_order}
              required
            />
          </div>
        </AdminSection>
        {can("catalog.edit") ? (
          <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <SubmitButton testId="save">{isNew ? t("admin.action.create") : t("admin.action.save")}</SubmitButton>
          </div>
        ) : null}
      </Form>
      {!isNew && can("catalog.edit") ? (
        <div className="mt-8 grid gap-2 border-t border-gray-200 pt-4">
          <p className="text-sm text-gray-700">{t("admin.classes.deleteHint")}</p>
          <DeleteForm />
        </div>
      ) : null}
    </>
  );
}
