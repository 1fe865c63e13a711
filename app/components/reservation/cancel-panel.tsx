import { Link } from "react-router";
import { useYen } from "#app/components/car/price";
import { useI18n } from "#app/lib/i18n";
import { telHref, telShown } from "#common/tel";

/** A customer's online cancellation as the page shows it (app/presenters/customer-cancel.server.ts). */
export interface CancelTermsView {
  state: "open" | "not_offered" | "deadline_passed" | "handed_over" | "cancelled";
  /** Store-local date and time. */
  deadline: string;
  fee: { amount: number; percent: number; daysBefore: number } | null;
  refund: number;
  paidByCard: boolean;
  storeTel: string;
}

/**
 * Cancelling online (issue 24): while the site allows it, the fee and the refund stand above the
 * way on to the confirmation step (`confirmHref`, issue 37), where the customer confirms knowing
 * both and the rule; otherwise why not, and the store's number.
 */
export function CancelPanel({ terms, confirmHref }: { terms: CancelTermsView; confirmHref: string }) {
  const { t, locale } = useI18n();
  const yen = useYen();
  const call = terms.storeTel ? (
    <a href={telHref(terms.storeTel)} className="btn-secondary mt-3 w-full" data-testid="call-store">
      {t("reserves.callStore", { tel: telShown(terms.storeTel, locale) })}
    </a>
  ) : null;
  if (terms.state === "cancelled") return null;
  if (terms.state !== "open" || !terms.fee) {
    const why =
      terms.state === "deadline_passed"
        ? t("reserves.cancel.closed", { deadline: terms.deadline })
        : terms.state === "handed_over"
          ? t("reserves.cancel.handedOver")
          : t("reserves.cancelNote");
    return (
      <section className="card mt-4 p-4" data-testid="cancel-closed">
        <p>{why}</p>
        {call}
      </section>
    );
  }
  const fee = terms.fee;
  return (
    <section className="card mt-4 p-4" aria-labelledby="cancel-title" data-testid="cancel-panel">
      <h2 id="cancel-title" className="text-lg font-bold">
        {t("reserves.cancel.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-700" data-testid="cancel-deadline">
        {t("reserves.cancel.deadline", { deadline: terms.deadline })}
      </p>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt className="font-semibold">{t("reserves.cancel.fee")}</dt>
        <dd className="price text-right text-xl font-bold" data-testid="cancel-fee">
          {yen(fee.amount)}
        </dd>
        <dd className="col-span-2 text-sm text-gray-700">
          {fee.daysBefore === 0
            ? t("reserves.cancel.feeRuleToday", { percent: fee.percent })
            : t("reserves.cancel.feeRule", { percent: fee.percent, days: fee.daysBefore })}
        </dd>
        {terms.paidByCard ? (
          <>
            <dt className="font-semibold">{t("reserves.cancel.refund")}</dt>
            <dd className="price text-right font-bold" data-testid="cancel-refund">
              {yen(terms.refund)}
            </dd>
          </>
        ) : null}
      </dl>
      {fee.amount > 0 && !terms.paidByCard ? <p className="mt-2 text-sm">{t("reserves.cancel.feeAtStore")}</p> : null}
      <Link to={confirmHref} className="btn-secondary mt-4 w-full" data-testid="cancel-open">
        {t("cancelConfirm.open")}
      </Link>
      {call}
    </section>
  );
}
