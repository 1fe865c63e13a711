import { cancelByCustomer, customerCancelTerms } from "../../../server/counter/customer-cancel";
import { findByLink, linkExpiry, linkFromQuery } from "../../../server/reservations/booking-links";
import { StatusBadge } from "../../components/mypage/reservation-card";
import { CancelPanel } from "../../components/reservation/cancel-panel";
import { LinkedBooking } from "../../components/reservation/linked-booking";
import { redirectWithFlash } from "../../lib/flash.server";
import { handleIntent } from "../../lib/form-action.server";
import { useI18n } from "../../lib/i18n";
import { privateMeta } from "../../lib/seo";
import { getSite, services } from "../../lib/site.server";
import { composeCancellationMails } from "../../presenters/booking-mail.server";
import { cancelTermsView, linkedBookingView } from "../../presenters/customer-cancel.server";
import type { Route } from "./+types/cancel";

/**
 * `/reserve/cancel?no=…&exp=…&sig=…`: a guest's booking, opened from the signed link of its
 * confirmation mail (issue 24), with the fee and the refund of cancelling it online. A link whose
 * signature does not hold is not found; one past its expiry or the site's deadline only shows the
 * booking and the store's number.
 */
async function guestBooking(context: Route.LoaderArgs["context"], request: Request) {
  const { siteId } = getSite(context);
  return findByLink(services(context).db, siteId, "cancel", linkFromQuery(new URL(request.url).searchParams));
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { reservation: r, link } = await guestBooking(context, request);
  const { siteId, bundle, locale } = getSite(context);
  const now = new Date();
  const terms = await customerCancelTerms(services(context).db, siteId, r, bundle.settings, now, linkExpiry(link));
  return {
    booking: linkedBookingView(bundle, r, locale),
    status: terms.state === "cancelled" ? ("cancelled" as const) : ("upcoming" as const),
    cancel: cancelTermsView(bundle, r, terms),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { reservation: r, link } = await guestBooking(context, request);
  const { siteId, bundle } = getSite(context);
  const { db, mailer, payments } = services(context);
  const form = await request.formData();
  return handleIntent(form, async () => {
    await cancelByCustomer(
      db,
      siteId,
      r,
      bundle.settings,
      { payments, mailer, mails: composeCancellationMails(bundle) },
      new Date(),
      linkExpiry(link),
    );
    const url = new URL(request.url);
    return redirectWithFlash(request, `${url.pathname}${url.search}`, { kind: "success", key: "reserves.cancel.done" });
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "reserves.cancel.guestTitle");

export default function GuestCancel({ loaderData: d }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-3 pt-3 pb-8 outline-none sm:px-4">
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold" data-testid="page-title">
          {t("reserves.cancel.guestTitle")}
        </h1>
        <StatusBadge status={d.status} />
      </div>
      <LinkedBooking booking={d.booking} withTotal>
        {d.status === "cancelled" ? (
          <p className="mt-3 font-semibold" data-testid="cancelled-note">
            {t("reserves.cancel.cancelled")}
          </p>
        ) : null}
      </LinkedBooking>
      <CancelPanel terms={d.cancel} />
    </main>
  );
}
