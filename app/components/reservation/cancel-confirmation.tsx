import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { useYen } from "#app/components/car/price";
import { CsrfField } from "#app/components/csrf-field";
import { FormNotice } from "#app/components/form/fields";
import { useI18n } from "#app/lib/i18n";
import type { ReasonLike } from "#common/app-error";
import { type RuleLine, ruleLineText } from "./cancel-rule";

/** The confirmation step of a customer's cancellation (app/presenters/customer-cancel.server.ts). */
export interface CancelConfirmView {
  fee: { amount: number; percent: number; daysBefore: number };
  refund: number;
  paidByCard: boolean;
  rule: RuleLine[];
  /** The online deadline, store-local date and time; null when the site does not offer it. */
  deadline: string | null;
  /** The hidden fields naming what this page showed (server/counter/cancellation-preview.ts). */
  token: Record<string, string>;
}

/** The query parameter that opens the confirmation step (`?cancel=confirm`), keeping the page's own (a link's signature). */
export const CONFIRM_PARAM = "cancel";

/** This page with the confirmation open (`open`, and where it posts) and without it (`back`). */
export function useCancelLinks(): { open: string; back: string } {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(CONFIRM_PARAM);
  const back = params.size ? `${pathname}?${params}` : pathname;
  params.set(CONFIRM_PARAM, "confirm");
  return { open: `${pathname}?${params}`, back };
}

/** The site's fee schedule as a customer reads it. */
export function useRuleText() {
  const { t } = useI18n();
  return (line: RuleLine): [string, string] => ruleLineText(t, line);
}

/**
 * "Cancel this reservation?" (issue 37, item 7): the fee, the refund and the rule, then one button
 * that confirms (a POST carrying what was shown, refused as stale when it no longer holds) and a
 * way back that changes nothing. Rendered by the server, so it works before or without JavaScript.
 */
export function CancelConfirmation({
  view,
  refusal,
}: {
  view: CancelConfirmView;
  /** Why the last confirmation was refused (stale), if it was. */
  refusal: ReasonLike | null;
}) {
  const links = useCancelLinks();
  const { t } = useI18n();
  const yen = useYen();
  const ruleText = useRuleText();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Opened from the panel below: bring the question into view and to the screen reader.
    if (!refusal) heading.current?.focus();
  }, [refusal]);
  const { fee } = view;
  return (
    <section
      className="card mt-4 border-2 border-red-700 p-4"
      aria-labelledby="cancel-confirm-title"
      data-testid="cancel-confirm"
    >
      <h2 id="cancel-confirm-title" ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
        {t("cancelConfirm.title")}
      </h2>
      {refusal ? (
        <div className="mt-3">
          <FormNotice errors={{ form: refusal }} />
        </div>
      ) : null}
      <p className="mt-2 text-sm text-gray-800">{t("cancelConfirm.lead")}</p>
      <dl className="mt-3 grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-1">
        <dt className="font-semibold">{t("reserves.cancel.fee")}</dt>
        <dd className="price text-right text-xl font-bold" data-testid="cancel-fee">
          {yen(fee.amount)}
        </dd>
        <dd className="col-span-2 text-sm text-gray-700" data-testid="cancel-fee-rule">
          {fee.daysBefore === 0
            ? t("reserves.cancel.feeRuleToday", { percent: fee.percent })
            : t("reserves.cancel.feeRule", { percent: fee.percent, days: fee.daysBefore })}
        </dd>
        <dt className="mt-2 font-semibold">{t("reserves.cancel.refund")}</dt>
        <dd className="price mt-2 text-right text-xl font-bold" data-testid="cancel-refund">
          {yen(view.refund)}
        </dd>
        {view.paidByCard ? null : (
          <dd className="col-span-2 text-sm text-gray-700" data-testid="cancel-no-refund">
            {t("cancelConfirm.noRefund")}
          </dd>
        )}
      </dl>
      {fee.amount > 0 && !view.paidByCard ? <p className="mt-2 text-sm">{t("reserves.cancel.feeAtStore")}</p> : null}
      <div className="mt-4 rounded-lg bg-gray-50 p-3" data-testid="cancel-rule">
        <h3 className="text-sm font-bold">{t("cancelConfirm.ruleTitle")}</h3>
        {view.rule.length ? (
          <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            {view.rule.map((line) => {
              const [when, cost] = ruleText(line);
              return (
                <div key={when} className="contents">
                  <dt>{when}</dt>
                  <dd className="text-right font-semibold">{cost}</dd>
                </div>
              );
            })}
          </dl>
        ) : (
          <p className="mt-1 text-sm">{t("cancelConfirm.ruleNone")}</p>
        )}
        {view.deadline ? (
          <p className="mt-2 text-sm text-gray-800" data-testid="cancel-deadline">
            {t("cancelConfirm.deadline", { deadline: view.deadline })}
          </p>
        ) : null}
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Form method="post" action={links.open} data-testid="cancel-confirm-form">
          <CsrfField />
          {Object.entries(view.token).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            name="intent"
            value="cancel"
            className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-red-700 px-5 py-2.5 font-bold text-white hover:bg-red-800 sm:w-auto"
            data-testid="cancel-confirm-submit"
          >
            {t("cancelConfirm.submit")}
          </button>
        </Form>
        <Link to={links.back} className="btn-secondary w-full sm:w-auto" data-testid="cancel-back">
          {t("cancelConfirm.back")}
        </Link>
      </div>
    </section>
  );
}
