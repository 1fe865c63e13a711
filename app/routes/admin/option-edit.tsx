import { Form } from "react-router";
import {
  AdminCheckbox,
  AdminCheckboxGroup,
  AdminErrorSummary,
  AdminNumber,
  AdminSelect,
  MlTextFields,
} from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, DeleteForm, SubmitButton } from "#app/components/admin/page";
import { useStaffChoices } from "#app/components/admin/staff-text";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess, rowAction } from "#app/lib/admin.server";
import { useForm } from "#app/lib/forms";
import { requireId } from "#app/lib/site.server";
import {
  CAR_OPTION_LISTS,
  CarOptionSchema,
  carOptionFormValues,
  NEW_CAR_OPTION_VALUES,
} from "#server/prices/car-option.schema";
import { createCarOption, deleteCarOption, getCarOption, updateCarOption } from "#server/prices/car-options";
import { priceChoices } from "#server/prices/choices";
import type { Route } from "./+types/option-edit";

/** `/options/new` and `/options/:optionId`: one form for adding and editing an option. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const choices = await priceChoices(db, siteId, actor, { everyStore: true });
  if (params.optionId === undefined) return { optionId: null, name: "", ...choices, ...NEW_CAR_OPTION_VALUES };
  const option = await getCarOption(db, siteId, actor, requireId(params.optionId));
  return { optionId: option.id, name: option.optionName, ...choices, ...carOptionFormValues(option) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const access = requireStaffAccess(context, request, "prices.edit");
  const { actor, siteId, db } = access;
  const form = await request.formData();
  const optionId = params.optionId === undefined ? null : requireId(params.optionId);
  // Who may do this is known before what was typed is read: a refusal is a 403, never a 422.
  return rowAction(access, request, form, {
    id: optionId,
    list: "/options",
    schema: CarOptionSchema,
    lists: CAR_OPTION_LISTS,
    create: async (input) => (await createCarOption(db, siteId, actor, input)).optionId,
    update: (id, input) => updateCarOption(db, siteId, actor, id, input),
    remove: (id) => deleteCarOption(db, siteId, actor, id),
  });
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return data.optionId === null ? t("admin.options.newTitle") : `${t("admin.options.editTitle")}: ${data.name}`;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminOptionEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const staffChoices = useStaffChoices();
  const path = useAdminPath();
  const can = useCan();
  const { errors, formRef, onSubmit, onChange, values } = useForm(CarOptionSchema, actionData, {
    lists: CAR_OPTION_LISTS,
    values: loaderData.values,
  });
  // After a refused save the form shows what was sent, not what is stored.
  const lists = actionData ? actionData.lists : loaderData.lists;
  const listOf = (name: string) => lists[name] ?? (actionData && values[name] !== undefined ? [values[name]] : []);
  const isNew = loaderData.optionId === null;
  const editable = can("prices.edit");
  const labels: Record<string, string> = {
    option_name: t("admin.options.name"),
    price: t("admin.options.price"),
    price_unit: t("admin.options.unit"),
    max_quantity: t("admin.options.maxQuantity"),
    store_ids: t("admin.options.stores"),
    class_ids: t("admin.options.classes"),
    display_order: t("admin.options.order"),
  };
  return (
    <>
      <AdminPageHeader title={pageTitle(t, loaderData)} back={path("/options")} />
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="option-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} labels={labels} />
        <AdminSection title={t("admin.options.sectionBasics")}>
          <MlTextFields
            name="option_name"
            label={t("admin.options.name")}
            values={values}
            errors={errors}
            required
            maxLength={100}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <AdminNumber
              name="price"
              label={t("admin.options.price")}
              errors={errors}
              defaultValue={values.price}
              required
            />
            <AdminSelect
              name="price_unit"
              label={t("admin.options.unit")}
              errors={errors}
              defaultValue={values.price_unit}
              options={[
                { value: "1", label: t("admin.options.unit1") },
                { value: "2", label: t("admin.options.unit2") },
              ]}
            />
            <AdminNumber
              name="max_quantity"
              label={t("admin.options.maxQuantity")}
              hint={t("admin.options.maxQuantityHint")}
              errors={errors}
              defaultValue={values.max_quantity}
              required
            />
          </div>
          <AdminCheckbox
            name="may_be_unavailable"
            label={t("admin.options.mayBeUnavailable")}
            hint={t("admin.options.mayBeUnavailableHint")}
            defaultChecked={values.may_be_unavailable === "1"}
            errors={errors}
          />
          <AdminCheckbox
            name="covers_noc"
            label={t("admin.options.coversNoc")}
            hint={t("admin.options.coversNocHint")}
            defaultChecked={values.covers_noc === "1"}
            errors={errors}
          />
        </AdminSection>
        <AdminSection title={t("admin.options.sectionWhere")}>
          <AdminCheckboxGroup
            name="store_ids"
            label={t("admin.options.stores")}
            hint={t("admin.options.storesHint")}
            options={staffChoices(loaderData.stores)}
            checked={listOf("store_ids")}
            errors={errors}
          />
          <AdminCheckboxGroup
            name="class_ids"
            label={t("admin.options.classes")}
            hint={t("admin.options.classesHint")}
            options={loaderData.classes.map((c) => ({ value: String(c.id), label: c.name }))}
            checked={listOf("class_ids")}
            errors={errors}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <AdminNumber
              name="display_order"
              label={t("admin.options.order")}
              hint={t("admin.options.orderHint")}
              errors={errors}
              defaultValue={values.display_order}
              required
            />
          </div>
        </AdminSection>
        {editable ? (
          <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <SubmitButton testId="save">{isNew ? t("admin.action.create") : t("admin.action.save")}</SubmitButton>
          </div>
        ) : null}
      </Form>
      {!isNew && editable ? (
        <div className="mt-8 grid gap-2 border-t border-gray-200 pt-4">
          <p className="text-sm text-gray-700">{t("admin.options.deleteHint")}</p>
          <DeleteForm />
        </div>
      ) : null}
    </>
  );
}
