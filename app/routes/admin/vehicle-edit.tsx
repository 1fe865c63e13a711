import { Form } from "react-router";
import { AdminErrorSummary, AdminInput, AdminNumber, AdminRadioGroup, AdminSelect } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, DeleteForm, SubmitButton } from "#app/components/admin/page";
import { useStaffChoices } from "#app/components/admin/staff-text";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { handleForm, handleIntent } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { requireId } from "#app/lib/site.server";
import { adminPath } from "#common/admin";
import type { ReasonLike } from "#common/app-error";
import { carTypeChoices } from "#server/catalog/car-types";
import { NEW_VEHICLE_VALUES, VehicleSchema, vehicleFormValues } from "#server/catalog/vehicle.schema";
import {
  authorizeSomeVehicles,
  createVehicle,
  deleteVehicle,
  getVehicle,
  storeOfVehicle,
  updateVehicle,
} from "#server/catalog/vehicles";
import { authorize } from "#server/staff/permissions";
import { storeChoices } from "#server/stores/stores";
import type { Route } from "./+types/vehicle-edit";

/** `/vehicles/new` and `/vehicles/:vehicleId`: a car of a store, its registration and whether it is in service. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const [stores, carTypes] = await Promise.all([storeChoices(db, siteId, actor), carTypeChoices(db, siteId, actor)]);
  if (params.vehicleId === undefined) {
    // Store staff of one store have it chosen already.
    const values: Record<string, string> = {
      ...NEW_VEHICLE_VALUES,
      store_id: stores.length === 1 ? String(stores[0]?.id) : "",
    };
    return { vehicleId: null, name: "", stores, carTypes, values };
  }
  const row = await getVehicle(db, siteId, actor, requireId(params.vehicleId));
  return { vehicleId: row.id, name: row.registrationNumber, stores, carTypes, values: vehicleFormValues(row) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const vehicleId = params.vehicleId === undefined ? null : requireId(params.vehicleId);
  // Who may do this is known before what was typed is read (the new store is checked again by the domain).
  if (vehicleId === null) authorizeSomeVehicles(actor);
  else authorize(actor, "store.vehicles", await storeOfVehicle(db, siteId, vehicleId));
  const form = await request.formData();
  if (vehicleId !== null && form.get("intent") === "delete") {
    return handleIntent(form, async () => {
      await deleteVehicle(db, siteId, actor, vehicleId);
      invalidateSite(context);
      return redirectWithAdminFlash(request, adminPath(siteId, "/vehicles"), {
        kind: "success",
        key: "admin.flash.deleted",
      });
    });
  }
  return handleForm(form, VehicleSchema, async (input) => {
    const id = vehicleId ?? (await createVehicle(db, siteId, actor, input)).vehicleId;
    if (vehicleId !== null) await updateVehicle(db, siteId, actor, vehicleId, input);
    invalidateSite(context);
    return redirectWithAdminFlash(request, adminPath(siteId, `/vehicles/${id}`), {
      kind: "success",
      key: vehicleId === null ? "admin.flash.created" : "admin.flash.saved",
    });
  });
}

/** The capacity guard's refusal with its period and counts said in the staff member's language. */
function withCapacityDetail(errors: Partial<Record<string, ReasonLike>>, t: AdminT) {
  const reason = errors.form;
  if (reason?.code !== "capacity_conflict" || !reason.params) return errors;
  const detail = t("admin.vehicles.capacityDetail", reason.params);
  return { ...errors, form: { ...reason, params: { ...reason.params, detail } } };
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return data.vehicleId === null ? t("admin.vehicles.newTitle") : `${t("admin.vehicles.editTitle")}: ${data.name}`;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminVehicleEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const staffChoices = useStaffChoices();
  const path = useAdminPath();
  const can = useCan();
  const { errors, formRef, onSubmit, onChange } = useForm(VehicleSchema, actionData);
  const refused = actionData && actionData.values.intent !== "delete" ? actionData : null;
  const values = refused ? refused.values : loaderData.values;
  const isNew = loaderData.vehicleId === null;
  const shown = withCapacityDetail(errors, t);
  return (
    <>
      <AdminPageHeader title={pageTitle(t, loaderData)} back={path("/vehicles")} />
      {loaderData.stores.length === 0 || loaderData.carTypes.length === 0 ? (
        <p className="card mb-4 p-4 font-semibold" data-testid="needs-setup">
          {t("admin.vehicles.needsSetup")}
        </p>
      ) : null}
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="vehicle-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={shown} />
        <AdminSection>
          <div className="grid gap-4 sm:grid-cols-2">
            <AdminSelect
              name="store_id"
              label={t("admin.vehicles.store")}
              errors={shown}
              defaultValue={values.store_id ?? ""}
              required
              options={[{ value: "", label: t("admin.vehicles.choose") }, ...staffChoices(loaderData.stores)]}
            />
            <AdminSelect
              name="car_type_id"
              label={t("admin.vehicles.carType")}
              errors={shown}
              defaultValue={values.car_type_id ?? ""}
              required
              options={[
                { value: "", label: t("admin.vehicles.choose") },
                ...loaderData.carTypes.map((c) => ({ value: String(c.id), label: `${c.name}（${c.className}）` })),
              ]}
            />
            <AdminInput
              name="registration_number"
              label={t("admin.vehicles.registration")}
              hint={t("admin.vehicles.registrationHint")}
              errors={shown}
              defaultValue={values.registration_number}
              autoComplete="off"
              maxLength={30}
              required
            />
            <AdminInput
              name="color"
              label={t("admin.vehicles.color")}
              errors={shown}
              defaultValue={values.color}
              autoComplete="off"
              maxLength={30}
            />
            <AdminNumber
              name="mileage_km"
              label={t("admin.vehicles.mileage")}
              errors={shown}
              defaultValue={values.mileage_km}
              required
            />
          </div>
          <AdminRadioGroup
            name="in_service"
            label={t("admin.vehicles.status")}
            value={values.in_service}
            errors={shown}
            options={[
              { value: "1", label: t("admin.vehicles.inService"), hint: t("admin.vehicles.inServiceHint") },
              { value: "0", label: t("admin.vehicles.inWorkshop"), hint: t("admin.vehicles.inWorkshopHint") },
            ]}
          />
        </AdminSection>
        {can("store.vehicles") ? (
          <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <SubmitButton testId="save">{isNew ? t("admin.action.create") : t("admin.action.save")}</SubmitButton>
          </div>
        ) : null}
      </Form>
      {!isNew && can("store.vehicles") ? (
        <div className="mt-8 grid gap-2 border-t border-gray-200 pt-4">
          <p className="text-sm text-gray-700">{t("admin.vehicles.deleteHint")}</p>
          <DeleteForm />
        </div>
      ) : null}
    </>
  );
}
