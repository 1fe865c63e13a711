import { Link } from "react-router";
import { BookingSteps } from "#app/components/booking/booking-summary";
import { CustomerForm } from "#app/components/booking/customer-form";
import type { FormFailure } from "#app/lib/form-action.server";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { loadCustomerPage, submitCustomerForm } from "#app/presenters/reserve-customer.server";
import type { Route } from "./+types/user";

/**
 * The customer step of the booking (spec §2 /reserve/user): the borrower, the driver (the
 * borrower, a member's saved driver, or a new one by the site's driver input settings, with up
 * to four licence images) and the trip. A multipart form that works before JavaScript loads;
 * with it, the same schema checks in the browser and only the chosen driver's fields show.
 */

export async function loader({ context }: Route.LoaderArgs) {
  return loadCustomerPage(context);
}

export async function action({ context, request }: Route.ActionArgs) {
  return submitCustomerForm(context, request);
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "customer.title");

export default function ReserveUser({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const failure = actionData as FormFailure | undefined;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-3 pt-3 pb-6 outline-none sm:px-4 lg:pb-10">
      <p>
        <Link to={loaderData.backPath} className="link tap text-sm">
          ← {t("customer.back")}
        </Link>
      </p>
      <div className="mt-2 flex flex-col gap-4">
        <BookingSteps current={1} />
        <h1 className="text-2xl font-bold" data-testid="page-title">
          {t("customer.title")}
        </h1>
        <p className="text-gray-700">{t("customer.lead")}</p>
        {loaderData.prefilledFromProfile ? (
          <p className="rounded-md bg-sky-50 px-3 py-2 text-sm text-gray-900" data-testid="prefilled-note">
            {t("customer.fromProfile")}
          </p>
        ) : null}
        <CustomerForm
          data={loaderData}
          values={failure?.values ?? loaderData.values}
          serverErrors={failure?.errors ?? NO_FORM_ERRORS}
          refused={Boolean(failure)}
        />
      </div>
    </main>
  );
}
