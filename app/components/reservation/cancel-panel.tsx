import { Form } from "react-router";
import { useI18n } from "../../lib/i18n";
import { useYen } from "../car/price";
import { CsrfField } from "../csrf-field";

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
 * button, so the customer confirms knowing both; otherwise why not, and the store's number.
 */
export function CancelPanel({ terms }: { terms: CancelTermsView }) {
  const { t } = useI18n();
  const yen = useYen();
  const call = terms.storeTel ? (
    <a
      href={`tel:${terms.storeTel.replace(/[^\d+]/g, "")}`}
      className="btn-secondary mt-3 w-full"
      data-testid="call-store"
    >
      {t("reserves.callStore", { tel: terms.storeTel })}
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
      <Form method="post" className="mt-4">
        <CsrfField />
        <button
          type="submit"
          name="intent"
          value="cancel"
          className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-red-700 px-5 py-2.5 font-bold text-white hover:bg-red-800"
          data-testid="cancel-submit"
        >
          {t("reserves.cancel.submit")}
        </button>
      </Form>
      {call}
    </section>
  );
}
