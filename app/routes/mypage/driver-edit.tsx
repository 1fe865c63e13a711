import { DriverForm } from "#app/components/driver-form";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { requireUser } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { getSite, requireId, services } from "#app/lib/site.server";
import { loadDriverFormConfig, submitDriverForm } from "#app/presenters/driver-form.server";
import { driverFormValues } from "#server/drivers/driver.schema";
import { getDriver } from "#server/drivers/drivers";
import type { Route } from "./+types/driver-edit";

/** Another member's or another site's driver is a 404 (getDriver is scoped by site and member). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { siteId } = getSite(context);
  const member = await requireUser(context, request);
  const driver = await getDriver(services(context).db, siteId, member.id, requireId(params.driverId));
  return {
    config: await loadDriverFormConfig(context),
    values: driverFormValues(driver),
    driver: { id: driver.id, name: driver.name, images: driver.images.map((i) => ({ id: i.id, slot: i.slot })) },
  };
}

/** Spec §7 drivers/{id}/update; success flashes "driver info changed" on the list (§8). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { siteId } = getSite(context);
  const member = await requireUser(context, request);
  // Whose driver it is is settled before a byte of the body is read.
  const driver = await getDriver(services(context).db, siteId, member.id, requireId(params.driverId));
  return submitDriverForm(context, request, member, {
    driverId: driver.id,
    existingSlots: driver.images.map((i) => i.slot),
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "driver.edit.title");

export default function DriverEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main id="main" tabIndex={-1} className="max-w-2xl outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("driver.edit.title")}
      </h1>
      <DriverForm
        // A saved change or a new answer from the server resets the uncontrolled inputs.
        key={actionData ? "refused" : "saved"}
        config={loaderData.config}
        values={actionData?.values ?? loaderData.values}
        serverErrors={actionData?.errors ?? NO_FORM_ERRORS}
        refused={Boolean(actionData)}
        driver={loaderData.driver}
        submitLabel="driver.form.submitEdit"
      />
    </main>
  );
}
