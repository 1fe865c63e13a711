import { Form } from "react-router";
import { AdminErrorSummary, AdminNumber, MlTextFields } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, DeleteForm, SubmitButton } from "#app/components/admin/page";
import { AddressSection } from "#app/components/admin/store-edit/address-section";
import { BookingSection } from "#app/components/admin/store-edit/booking-section";
import { ClosedDaysSections } from "#app/components/admin/store-edit/closed-days-sections";
import { HoursSection } from "#app/components/admin/store-edit/hours-section";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess, rowAction } from "#app/lib/admin.server";
import { useForm } from "#app/lib/forms";
import { requireId } from "#app/lib/site.server";
import { authorize } from "#server/staff/permissions";
import { NEW_STORE_VALUES, STORE_LISTS, StoreSchema, storeFormValues } from "#server/stores/store.schema";
import { createStore, deleteStore, getStore, updateStore } from "#server/stores/stores";
import type { Route } from "./+types/store-edit";

/** `/stores/new` and `/stores/:storeId`: one form for adding and editing a store. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  if (params.storeId === undefined) return { storeId: null, name: "", ...NEW_STORE_VALUES };
  const store = await getStore(db, siteId, actor, requireId(params.storeId));
  return { storeId: store.id, name: store.storeName, ...storeFormValues(store) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const access = requireStaffAccess(context, request);
  const { actor, siteId, db } = access;
  const form = await request.formData();
  const storeId = params.storeId === undefined ? null : requireId(params.storeId);
  // Who may do this is known before what was typed is read: a refusal is a 403, never a 422.
  authorize(
    actor,
    storeId === null || form.get("intent") === "delete" ? "store.create" : "store.edit",
    storeId ?? undefined,
  );
  return rowAction(access, request, form, {
    id: storeId,
    list: "/stores",
    schema: StoreSchema,
    lists: STORE_LISTS,
    create: async (input) => (await createStore(db, siteId, actor, input)).storeId,
    update: (id, input) => updateStore(db, siteId, actor, id, input),
    remove: (id) => deleteStore(db, siteId, actor, id),
  });
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return data.storeId === null ? t("admin.stores.newTitle") : `${t("admin.stores.editTitle")}: ${data.name}`;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminStoreEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  const { errors, formRef, onSubmit, onChange } = useForm(StoreSchema, actionData, {
    lists: STORE_LISTS,
  });
  // After a refused save the form shows what was sent, not what is stored (a refused delete sent nothing of it).
  const sent = actionData && actionData.values.intent !== "delete" ? actionData : null;
  const values = sent ? sent.values : loaderData.values;
  const lists = sent ? sent.lists : loaderData.lists;
  const listOf = (name: string) => lists[name] ?? (sent && values[name] !== undefined ? [values[name]] : []);
  const isNew = loaderData.storeId === null;
  return (
    <>
      <AdminPageHeader title={pageTitle(t, loaderData)} back={path("/stores")} />
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="store-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        <AdminSection title={t("admin.stores.sectionBasics")}>
          <MlTextFields
            name="store_name"
            label={t("admin.stores.name")}
            values={values}
            errors={errors}
            required
            maxLength={100}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <AdminNumber
              name="display_order"
              label={t("admin.stores.order")}
              hint={t("admin.stores.orderHint")}
              errors={errors}
              defaultValue={values.display_order}
              required
            />
          </div>
        </AdminSection>
        <AddressSection errors={errors} values={values} />
        <HoursSection errors={errors} values={values} />
        <ClosedDaysSections errors={errors} values={values} listOf={listOf} />
        <BookingSection errors={errors} values={values} />
        <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
          <SubmitButton testId="save">{isNew ? t("admin.action.create") : t("admin.action.save")}</SubmitButton>
        </div>
      </Form>
      {!isNew && can("store.create") ? (
        <div className="mt-8 grid gap-2 border-t border-gray-200 pt-4">
          <p className="text-sm text-gray-700">{t("admin.stores.deleteHint")}</p>
          <DeleteForm />
        </div>
      ) : null}
    </>
  );
}
