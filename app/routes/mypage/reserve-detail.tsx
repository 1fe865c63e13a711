import { Link } from "react-router";
import { useYen } from "#app/components/car/price";
import { FormNotice } from "#app/components/form/fields";
import { StatusBadge, usePayMethod, whenWhere } from "#app/components/mypage/reservation-card";
import { CancelConfirmation, CONFIRM_PARAM, useCancelLinks } from "#app/components/reservation/cancel-confirmation";
import { CancelPanel } from "#app/components/reservation/cancel-panel";
import { revalidateOnStale } from "#app/components/reservation/cancel-rule";
import { ReceiptLinks } from "#app/components/reservation/receipt-links";
import { DescriptionList } from "#app/components/ui/description-list";
import type { MessageKey } from "#app/i18n/messages";
import { redirectWithFlash } from "#app/lib/flash.server";
import { type FormFailure, handleIntent } from "#app/lib/form-action.server";
import { formObject } from "#app/lib/forms";
import { requireUser } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import { getSite, services } from "#app/lib/site.server";
import { cancelConfirmView, cancelTermsView } from "#app/presenters/customer-cancel.server";
import { composeCancellationMails } from "#app/presenters/operation-mail.server";
import { receiptLinksView } from "#app/presenters/receipts.server";
import { type PersonView, reservationView } from "#app/presenters/reservation.server";
import { localizePath } from "#common/locales";
import { parseId } from "#common/params";
import { confirmCancellation, previewCancellation, tokenFromForm } from "#server/counter/cancellation-preview";
import { cancelByCustomer, customerCancelTerms } from "#server/counter/customer-cancel";
import { receiptsOf } from "#server/invoices/invoices";
import { getMemberReservation } from "#server/mypage/reservations";
import type { Route } from "./+types/reserve-detail";

/**
 * One of the member's reservations. An id that is not theirs (another member's, another site's, or
 * none) is not found: the member goes back to the list with that message (spec §4), and nothing of
 * the reservation is sent.
 */
async function memberReservation(context: Route.LoaderArgs["context"], request: Request, reserveId: string) {
  const member = await requireUser(context, request);
  const { siteId, locale } = getSite(context);
  const id = parseId(reserveId);
  const row = id === null ? null : await getMemberReservation(services(context).db, siteId, member.id, id);
  if (!row) {
    throw redirectWithFlash(request, localizePath(locale, `/${siteId}/mypage/reserves`), {
      kind: "danger",
      key: "reserves.notFound",
    });
  }
  return row;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const row = await memberReservation(context, request, params.reserveId);
  const { siteId, locale, bundle } = getSite(context);
  const now = new Date();
  const { db } = services(context);
  const [terms, receipts] = await Promise.all([
    customerCancelTerms(db, siteId, row.reservation, bundle.settings, now),
    receiptsOf(db, siteId, { reservationId: row.reservation.id }),
  ]);
  // `?cancel=confirm`: the confirmation step, while the member may still cancel online.
  const confirming = new URL(request.url).searchParams.get(CONFIRM_PARAM) === "confirm" && terms.state === "open";
  return {
    reservation: reservationView(row, locale, now),
    cancel: cancelTermsView(bundle, row.reservation, terms),
    confirm: confirming
      ? cancelConfirmView(
          bundle,
          row.reservation,
          await previewCancellation(db, siteId, { reservation: row.reservation, now }),
        )
      : null,
    receipts: receiptLinksView(receipts, row.store.timeZone, (entryId) =>
      localizePath(locale, `/${siteId}/mypage/reserves/${row.reservation.id}/receipts/${entryId}`),
    ),
  };
}

/**
 * The member confirms the cancellation the confirmation step showed: refused as stale when the
 * booking or its fee moved since (the step is shown again with the numbers that hold), else
 * cancelled at the schedule's fee, computed again now.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const row = await memberReservation(context, request, params.reserveId);
  const { siteId, bundle } = getSite(context);
  const { db, mailer, payments } = services(context);
  const form = await request.formData();
  const back = new URL(request.url).pathname;
  return handleIntent(form, async () => {
    const now = new Date();
    const token = tokenFromForm(formObject(form));
    const confirmed = await confirmCancellation(db, siteId, { reservation: row.reservation, token, now });
    await cancelByCustomer(
      db,
      siteId,
      row.reservation,
      bundle.settings,
      { payments, mailer, mails: composeCancellationMails(bundle) },
      now,
    );
    return confirmed.state === "already_cancelled"
      ? redirectWithFlash(request, back, { kind: "success", key: "reserves.cancel.cancelled" })
      : redirectWithFlash(request, back, { kind: "success", key: "reserves.cancel.done" });
  });
}

export const shouldRevalidate = revalidateOnStale;

export const meta: Route.MetaFunction = (args) => privateMeta(args, "reserves.detailTitle");

function PersonSection({ title, person, testId }: { title: MessageKey; person: PersonView | null; testId: string }) {
  const { t } = useI18n();
  if (!person) return null;
  const rows: [string, string][] = [];
  if (person.company) rows.push([t("reserves.company"), person.company]);
  rows.push([
    t("reserves.name"),
    person.kana ? t("reserves.nameWithKana", { name: person.name, kana: person.kana }) : person.name,
  ]);
  if (person.tel) rows.push([t("reserves.tel"), person.tel]);
  if (person.email) rows.push([t("reserves.email"), person.email]);
  if (person.address) rows.push([t("reserves.address"), person.address]);
  return (
    <section className="card mt-4 p-4" data-testid={testId}>
      <h2 className="mb-2 font-bold">{t(title)}</h2>
      <DescriptionList rows={rows} />
    </section>
  );
}

export default function ReserveDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const shell = useSite();
  const yen = useYen();
  const payMethod = usePayMethod();
  const r = loaderData.reservation;
  const links = useCancelLinks();
  const refusal = (actionData as FormFailure | undefined)?.errors?.form ?? null;
  const cancelling = r.status === "upcoming" || r.status === "in_progress";
  const none = t("reserves.none");
  const options = r.options.length ? (
    <ul data-testid="reservation-options">
      {r.options.map((o) => (
        <li key={o.name}>{t("reserves.optionLine", { name: o.name, quantity: o.quantity, fee: yen(o.fee) })}</li>
      ))}
    </ul>
  ) : (
    t("reserves.noOptions")
  );
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <Link to={sitePath(shell, "/mypage/reserves")} className="link tap text-sm">
        {t("reserves.backToList")}
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold" data-testid="page-title">
          {t("reserves.detailTitle")}
        </h1>
        <StatusBadge status={r.status} />
      </div>
      {/* The confirmation step first, so a phone shows the question and its numbers in the first screen. */}
      {cancelling && loaderData.confirm ? <CancelConfirmation view={loaderData.confirm} refusal={refusal} /> : null}
      {cancelling && !loaderData.confirm && refusal ? (
        <div className="mt-4">
          <FormNotice errors={{ form: refusal }} />
        </div>
      ) : null}
      <section className="card mt-4 p-4" data-testid="reservation-detail">
        <p className="mb-3 font-bold">
          <span className="text-sm font-semibold text-gray-700">{t("reserves.reserveNo")} </span>
          <span data-testid="reserve-no">{r.reserveNo}</span>
        </p>
        <DescriptionList
          rows={[
            [t("reserves.departure"), whenWhere(r.departure, r.storeName)],
            [t("reserves.return"), whenWhere(r.return, r.returnStoreName)],
            [t("reserves.class"), r.className],
            [t("reserves.carType"), r.carTypeName],
            [t("reserves.classFee"), yen(r.rentalFee)],
            [t("reserves.optionFee"), yen(r.optionFee)],
            [t("reserves.immunityFee"), yen(r.immunityFee)],
            [t("reserves.payMethod"), payMethod(r)],
            [t("reserves.options"), options],
            [t("reserves.destination"), r.destination || none],
            [t("reserves.purpose"), r.purpose || none],
            [t("reserves.passengers"), r.passengers ? t("reserves.passengerCount", { count: r.passengers }) : none],
            [t("reserves.remarks"), r.remarks || none],
          ]}
        />
        <p className="mt-3 flex items-baseline justify-between border-t border-gray-200 pt-3">
          <span className="font-semibold">{t("reserves.total")}</span>
          <span className="price text-xl font-bold" data-testid="reservation-total">
            {yen(r.totalFee)}
          </span>
        </p>
        <p className="mt-2 text-sm text-gray-700">{t("reserves.timeNote")}</p>
      </section>
      <PersonSection title="reserves.renter" person={r.renter} testId="reservation-renter" />
      <PersonSection title="reserves.driver" person={r.driver} testId="reservation-driver" />
      <ReceiptLinks receipts={loaderData.receipts} />
      {cancelling && !loaderData.confirm ? <CancelPanel terms={loaderData.cancel} confirmHref={links.open} /> : null}
    </main>
  );
}
