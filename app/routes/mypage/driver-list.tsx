import { Form, Link, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { FormNotice } from "#app/components/form/fields";
import { redirectWithFlash } from "#app/lib/flash.server";
import { handleForm } from "#app/lib/form-action.server";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { requireUser } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import { getSite, services } from "#app/lib/site.server";
import { driverListPath, presentDriverSummary } from "#app/presenters/driver-form.server";
import { isLicenseType, licenseTypeLabelKey } from "#common/license-types";
import { DeleteDriverSchema } from "#server/drivers/driver.schema";
import { deleteDriver, listDrivers } from "#server/drivers/drivers";
import type { Route } from "./+types/driver-list";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { siteId } = getSite(context);
  const member = await requireUser(context, request);
  const drivers = await listDrivers(services(context).db, siteId, member.id);
  return { drivers: drivers.map(presentDriverSummary) };
}

/** Delete (spec §7 drivers/{id}/delete): refused while a reservation uses the driver. */
export async function action({ context, request }: Route.ActionArgs) {
  const { siteId } = getSite(context);
  const member = await requireUser(context, request);
  const { db, blobs, logger } = services(context);
  const form = await request.formData();
  return handleForm(form, DeleteDriverSchema, async (input) => {
    await deleteDriver(db, { blobs, logger }, siteId, member.id, Number(input.driver_id));
    return redirectWithFlash(request, driverListPath(context), { kind: "success", key: "driver.flash.deleted" });
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "driver.list.title");

export default function DriverList({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  const navigation = useNavigation();
  const refusedId = actionData?.values.driver_id;
  const errors = actionData?.errors ?? NO_FORM_ERRORS;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("driver.list.title")}
      </h1>
      <p className="mt-2 text-gray-700">{t("driver.list.lead")}</p>
      <Link
        to={sitePath(shell, "/mypage/driver/new")}
        className="btn-primary mt-4 w-full sm:w-auto"
        data-testid="driver-add"
      >
        {t("driver.list.add")}
      </Link>
      {loaderData.drivers.length === 0 ? (
        <p className="card mt-4 p-5 text-gray-800" data-testid="drivers-empty">
          {t("driver.list.empty")}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-4" data-testid="driver-list">
          {loaderData.drivers.map((d) => (
            <li key={d.id} className="card flex flex-col gap-3 p-5" data-testid="driver-card" data-driver-id={d.id}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 className="text-lg font-bold" data-testid="driver-name">
                    {d.name}
                  </h2>
                  {d.kana ? <p className="text-sm text-gray-700">{d.kana}</p> : null}
                </div>
                {d.hasReserve ? (
                  <span
                    className="rounded bg-blue-100 px-2 py-1 text-xs font-bold text-blue-900"
                    data-testid="driver-on-reserve"
                  >
                    {t("driver.list.onReserve")}
                  </span>
                ) : null}
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-gray-700">{t("driver.list.licenseTypes")}</dt>
                <dd>
                  {d.licenseTypes.filter(isLicenseType).length > 0
                    ? d.licenseTypes
                        .filter(isLicenseType)
                        .map((code) => t(licenseTypeLabelKey(code)))
                        .join(" / ")
                    : t("driver.list.notSet")}
                </dd>
                <dt className="text-gray-700">{t("driver.list.licenseNumber")}</dt>
                <dd className="tabular-nums" data-testid="driver-license-number">
                  {d.licenseNumber || t("driver.list.notSet")}
                </dd>
                <dt className="text-gray-700">{t("driver.list.expiry")}</dt>
                <dd className="tabular-nums" data-testid="driver-expiry">
                  {d.licenseExpirationDate ?? t("driver.list.notSet")}
                </dd>
                <dt className="text-gray-700">{t("driver.list.images")}</dt>
                <dd data-testid="driver-image-count">{t("driver.list.imageCount", { count: d.imageCount })}</dd>
              </dl>
              {refusedId === String(d.id) ? <FormNotice errors={errors} /> : null}
              <div className="flex flex-wrap items-start gap-3">
                <Link
                  to={sitePath(shell, `/mypage/driver/${d.id}`)}
                  className="btn-secondary"
                  aria-label={t("driver.list.editLabel", { name: d.name })}
                  data-testid="driver-edit"
                >
                  {t("driver.list.edit")}
                </Link>
                <details className="group min-w-0 flex-1" data-testid="driver-delete">
                  <summary
                    className="btn-secondary cursor-pointer list-none text-red-800 [&::-webkit-details-marker]:hidden"
                    aria-label={t("driver.list.deleteLabel", { name: d.name })}
                  >
                    {t("driver.list.delete")}
                  </summary>
                  <Form method="post" className="mt-3 flex flex-col gap-3 rounded-md bg-red-50 p-3">
                    <CsrfField />
                    <input type="hidden" name="driver_id" value={d.id} />
                    <p className="text-sm text-red-900">{t("driver.list.deleteConfirm", { name: d.name })}</p>
                    {d.hasReserve ? <p className="text-sm text-gray-800">{t("driver.list.onReserveHint")}</p> : null}
                    <button
                      type="submit"
                      className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-4 font-bold text-white hover:bg-red-800 disabled:opacity-60"
                      disabled={navigation.state === "submitting"}
                      data-testid="driver-delete-confirm"
                    >
                      {t("driver.list.deleteYes")}
                    </button>
                  </Form>
                </details>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
