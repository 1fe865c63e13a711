import { Form } from "react-router";
import { authorize } from "../../../server/staff/permissions";
import {
  NEW_STORE_VALUES,
  STORE_LISTS,
  StoreSchema,
  storeFormValues,
  TURNAROUND_MAX,
} from "../../../server/stores/store.schema";
import { createStore, deleteStore, getStore, updateStore } from "../../../server/stores/stores";
import {
  AdminCheckbox,
  AdminCheckboxGroup,
  AdminErrorSummary,
  type AdminErrors,
  AdminInput,
  AdminNumber,
  AdminSelect,
  AdminTextarea,
  MlTextFields,
} from "../../components/admin/fields";
import { AdminPageHeader, AdminSection, DeleteForm, SubmitButton } from "../../components/admin/page";
import { CsrfField } from "../../components/csrf-field";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath, useCan } from "../../lib/admin";
import { requireStaffAccess, rowAction } from "../../lib/admin.server";
import { useForm } from "../../lib/forms";
import { useI18n } from "../../lib/i18n";
import { requireId } from "../../lib/site.server";
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

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return data.storeId === null ? t("admin.stores.newTitle") : `${t("admin.stores.editTitle")}: ${data.name}`;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminStoreEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const { t: pageT } = useI18n();
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
  const weekdays = WEEKDAYS.map((d) => ({ value: String(d), label: t(`admin.weekday.${d}`) }));
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
        <AdminSection title={t("admin.stores.sectionAddress")}>
          <div className="grid gap-4 sm:grid-cols-3">
            <AdminInput
              name="zip"
              label={t("admin.stores.zip")}
              errors={errors}
              defaultValue={values.zip}
              autoComplete="off"
              inputMode="numeric"
              maxLength={8}
            />
            <AdminSelect
              name="pref_code"
              label={t("admin.stores.pref")}
              errors={errors}
              defaultValue={values.pref_code}
              options={[
                { value: "0", label: t("admin.stores.prefNone") },
                ...Array.from({ length: 47 }, (_, i) => ({
                  value: String(i + 1),
                  label: pageT(`pref.${i + 1}` as never),
                })),
              ]}
            />
            <AdminInput
              name="tel"
              type="tel"
              label={t("admin.stores.tel")}
              errors={errors}
              defaultValue={values.tel}
              autoComplete="off"
            />
          </div>
          <MlTextFields
            name="address_a"
            label={t("admin.stores.addressA")}
            values={values}
            errors={errors}
            maxLength={200}
          />
          <MlTextFields
            name="address_b"
            label={t("admin.stores.addressB")}
            values={values}
            errors={errors}
            maxLength={200}
          />
          <AdminInput
            name="email"
            type="email"
            label={t("admin.stores.email")}
            hint={t("admin.stores.emailHint")}
            errors={errors}
            defaultValue={values.email}
            autoComplete="off"
          />
          <MlTextFields
            name="access"
            label={t("admin.stores.access")}
            values={values}
            errors={errors}
            multiline
            rows={3}
            maxLength={1000}
          />
          <MlTextFields
            name="remarks"
            label={t("admin.stores.remarks")}
            values={values}
            errors={errors}
            multiline
            rows={3}
            maxLength={1000}
          />
        </AdminSection>
        <HoursSection errors={errors} values={values} />
        <AdminSection title={t("admin.stores.sectionHolidays")}>
          <AdminCheckboxGroup
            name="regular_holiday_week"
            label={t("admin.stores.holidayWeek")}
            options={weekdays}
            checked={listOf("regular_holiday_week")}
            errors={errors}
          />
          <AdminInput
            name="regular_holiday_dates"
            label={t("admin.stores.holidayDays")}
            hint={t("admin.stores.holidayDaysHint")}
            errors={errors}
            defaultValue={values.regular_holiday_dates}
            autoComplete="off"
          />
          <AdminTextarea
            name="holiday_dates"
            label={t("admin.stores.holidayDates")}
            hint={t("admin.stores.datesHint")}
            errors={errors}
            defaultValue={values.holiday_dates}
            rows={4}
          />
          <AdminInput
            name="closed_date"
            type="date"
            label={t("admin.stores.closedDate")}
            hint={t("admin.stores.closedDateHint")}
            errors={errors}
            defaultValue={values.closed_date}
          />
        </AdminSection>
        <AdminSection title={t("admin.stores.sectionSeason")}>
          <AdminCheckboxGroup
            name="high_season_week"
            label={t("admin.stores.seasonWeek")}
            options={weekdays}
            checked={listOf("high_season_week")}
            errors={errors}
          />
          <AdminTextarea
            name="high_season_dates"
            label={t("admin.stores.seasonDates")}
            hint={t("admin.stores.datesHint")}
            errors={errors}
            defaultValue={values.high_season_dates}
            rows={4}
          />
        </AdminSection>
        <AdminSection title={t("admin.stores.sectionBooking")}>
          <AdminSelect
            name="management_status"
            label={t("admin.stores.status")}
            hint={t("admin.stores.statusHint")}
            errors={errors}
            defaultValue={values.management_status}
            options={[
              { value: "1", label: t("admin.stores.statusActive") },
              { value: "2", label: t("admin.stores.statusClosed") },
            ]}
          />
          <AdminInput
            name="reserve_max_date"
            type="date"
            label={t("admin.stores.reserveMax")}
            hint={t("admin.stores.reserveMaxHint")}
            errors={errors}
            defaultValue={values.reserve_max_date}
          />
          <AdminNumber
            name="turnaround_minutes"
            label={t("admin.stores.turnaround")}
            hint={t("admin.stores.turnaroundHint", { max: TURNAROUND_MAX })}
            errors={errors}
            defaultValue={values.turnaround_minutes}
            maxLength={4}
            required
          />
        </AdminSection>
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

/** Opening hours: the times bookings may start and end at this store. */
function HoursSection({ errors, values }: { errors: AdminErrors; values: Record<string, string> }) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.stores.sectionHours")}>
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminInput
          name="business_start_time"
          type="time"
          step={1800}
          label={t("admin.stores.start")}
          errors={errors}
          defaultValue={values.business_start_time}
          required
        />
        <AdminInput
          name="business_end_time"
          type="time"
          step={1800}
          label={t("admin.stores.end")}
          errors={errors}
          defaultValue={values.business_end_time}
          required
        />
        <AdminSelect
          name="business_hours_type"
          label={t("admin.stores.hoursType")}
          hint={t("admin.stores.hoursTypeHint")}
          errors={errors}
          defaultValue={values.business_hours_type}
          options={[
            { value: "1", label: t("admin.stores.hoursType1") },
            { value: "2", label: t("admin.stores.hoursType2") },
          ]}
        />
      </div>
      <AdminCheckbox
        name="is_open_24h"
        label={t("admin.stores.open24h")}
        hint={t("admin.stores.open24hHint")}
        defaultChecked={values.is_open_24h === "1"}
        errors={errors}
      />
    </AdminSection>
  );
}
