import { FormNotice } from "#app/components/form/fields";
import { StatusBadge } from "#app/components/mypage/reservation-card";
import { CancelConfirmation, CONFIRM_PARAM, useCancelLinks } from "#app/components/reservation/cancel-confirmation";
import { CancelPanel } from "#app/components/reservation/cancel-panel";
import { revalidateOnStale } from "#app/components/reservation/cancel-rule";
import { LinkedBooking } from "#app/components/reservation/linked-booking";
import { redirectWithFlash } from "#app/lib/flash.server";
import { type FormFailure, handleIntent } from "#app/lib/form-action.server";
import { formObject } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { getSite, services } from "#app/lib/site.server";
import { cancelConfirmView, cancelTermsView, linkedBookingView } from "#app/presenters/customer-cancel.server";
import { composeCancellationMails } from "#app/presenters/operation-mail.server";
import { confirmCancellation, previewCancellation, tokenFromForm } from "#server/counter/cancellation-preview";
import { cancelByCustomer, customerCancelTerms } from "#server/counter/customer-cancel";
import { findByLink, linkExpiry, linkFromQuery } from "#server/reservations/booking-links";
import type { Route } from "./+types/cancel";

/**
 * `/reserve/cancel?no=…&exp=…&sig=…`: a guest's booking, opened from the signed link of its
 * confirmation mail (issue 24), with the fee and the refund of cancelling it online; `&cancel=confirm`
 * is the confirmation step (issue 37) with the fee, the refund and the site's rule, whose button
 * confirms. A link whose signature does not hold is not found; one past its expiry or the site's
 * deadline only shows the booking and the store's number.
 */
async function guestBooking(context: Route.LoaderArgs["context"], request: Request) {
  const { siteId } = getSite(context);
  return findByLink(services(context).db, siteId, "cancel", linkFromQuery(new URL(request.url).searchParams));
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { reservation: r, link } = await guestBooking(context, request);
  const { siteId, bundle, locale } = getSite(context);
  const { db } = services(context);
  const now = new Date();
  const until = linkExpiry(link);
  const terms = await customerCancelTerms(db, siteId, r, bundle.settings, now, until);
  const confirming = new URL(request.url).searchParams.get(CONFIRM_PARAM) === "confirm" && terms.state === "open";
  return {
    booking: linkedBookingView(bundle, r, locale),
    status: terms.state === "cancelled" ? ("cancelled" as const) : ("upcoming" as const),
    cancel: cancelTermsView(bundle, r, terms),
    confirm: confirming
      ? cancelConfirmView(bundle, r, await previewCancellation(db, siteId, { reservation: r, now }), until)
      : null,
  };
}

/** The guest confirms what the confirmation step showed; a stale one is refused and shown again. */
export async function action({ context, request }: Route.ActionArgs) {
  const { reservation: r, link } = await guestBooking(context, request);
  const { siteId, bundle } = getSite(context);
  const { db, mailer, payments } = services(context);
  const form = await request.formData();
  const url = new URL(request.url);
  url.searchParams.delete(CONFIRM_PARAM);
  const back = `${url.pathname}${url.search}`;
  return handleIntent(form, async () => {
    const now = new Date();
    const confirmed = await confirmCancellation(db, siteId, {
      reservation: r,
      token: tokenFromForm(formObject(form)),
      now,
    });
    await cancelByCustomer(
      db,
      siteId,
      r,
      bundle.settings,
      { payments, mailer, mails: composeCancellationMails(bundle) },
      now,
      linkExpiry(link),
    );
    return redirectWithFlash(request, back, {
      kind: "success",
      key: confirmed.state === "already_cancelled" ? "reserves.cancel.cancelled" : "reserves.cancel.done",
    });
  });
}

export const shouldRevalidate = revalidateOnStale;

export const meta: Route.MetaFunction = (args) => privateMeta(args, "reserves.cancel.guestTitle");

export default function GuestCancel({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const links = useCancelLinks();
  const refusal = (actionData as FormFailure | undefined)?.errors?.form ?? null;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-3 pt-3 pb-8 outline-none sm:px-4">
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold" data-testid="page-title">
          {t("reserves.cancel.guestTitle")}
        </h1>
        <StatusBadge status={d.status} />
      </div>
      {d.confirm ? <CancelConfirmation view={d.confirm} refusal={refusal} /> : null}
      {!d.confirm && refusal ? (
        <div className="mt-4">
          <FormNotice errors={{ form: refusal }} />
        </div>
      ) : null}
      <LinkedBooking booking={d.booking} withTotal>
        {d.status === "cancelled" ? (
          <p className="mt-3 font-semibold" data-testid="cancelled-note">
            {t("reserves.cancel.cancelled")}
          </p>
        ) : null}
      </LinkedBooking>
      {d.confirm ? null : <CancelPanel terms={d.cancel} confirmHref={links.open} />}
    </main>
  );
}
