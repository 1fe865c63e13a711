import { DriverForm } from "#app/components/driver-form";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { requireUser } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { loadDriverFormConfig, submitDriverForm } from "#app/presenters/driver-form.server";
import type { Route } from "./+types/driver-new";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context, request);
  return { config: await loadDriverFormConfig(context) };
}

/** Spec §7 drivers/register; success flashes "driver info registered" on the list (§8). */
export async function action({ context, request }: Route.ActionArgs) {
  const member = await requireUser(context, request);
  return submitDriverForm(context, request, member, null);
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "driver.new.title");

export default function DriverNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main id="main" tabIndex={-1} className="max-w-2xl outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("driver.new.title")}
      </h1>
      <p className="mt-2 text-gray-700">{t("driver.new.lead")}</p>
      <DriverForm
        config={loaderData.config}
        values={actionData?.values ?? {}}
        serverErrors={actionData?.errors ?? NO_FORM_ERRORS}
        refused={Boolean(actionData)}
        submitLabel="driver.form.submitNew"
      />
    </main>
  );
}
