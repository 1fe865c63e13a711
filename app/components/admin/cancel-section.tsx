import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import type { RuleLine } from "#app/components/reservation/cancel-rule";
import { type AdminT, useAdminI18n } from "#app/lib/admin";
import type { FormFailure } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { StaffCancelSchema } from "#server/counter/counter.schema";
import { Yen } from "./counter";
import { AdminErrorSummary, AdminInput, AdminNumber, FieldScope } from "./fields";
import { AdminSection } from "./page";

/**
 * Cancelling at the counter in two steps (issue 37, item 7): the booking's page says what the
 * policy keeps and offers the confirmation (`?cancel=confirm`); the confirmation shows the proposed
 * fee (staff may lower it), what the card holds and the refund, the site's rule, and the one button
 * that cancels. Going back changes nothing. Server-rendered: without JavaScript "recalculate"
 * posts the typed fee and the page comes back with its refund.
 */

/** What the loader sends for a booking that can be cancelled (server/counter/cancellation-preview.ts). */
export interface StaffCancelView {
  proposedFee: number;
  percent: number;
  daysBefore: number;
  total: number;
  paidByCard: boolean;
  cardBalance: number;
  refund: number;
  rule: RuleLine[];
  /** Until when customers may cancel online, in the store's time; null when the site does not offer it. */
  onlineDeadline: string | null;
  token: Record<string, string>;
}

function proposedText(t: AdminT, view: StaffCancelView): string {
  return view.daysBefore === 0
    ? t("admin.cancelConfirm.proposedToday", { percent: view.percent })
    : t("admin.cancelConfirm.proposedDays", { days: view.daysBefore, percent: view.percent });
}

function ruleText(t: AdminT, line: RuleLine): [string, string] {
  const when =
    line.kind === "today"
      ? t("admin.cancelConfirm.ruleToday")
      : line.kind === "day"
        ? t("admin.cancelConfirm.ruleDay", { days: line.days })
        : line.kind === "upTo"
          ? t("admin.cancelConfirm.ruleUpTo", { to: line.to })
          : line.kind === "range"
            ? t("admin.cancelConfirm.ruleRange", { from: line.from, to: line.to })
            : t("admin.cancelConfirm.ruleEarlier", { days: line.days });
  return [
    when,
    line.percent === 0
      ? t("admin.cancelConfirm.ruleFree")
      : t("admin.cancelConfirm.rulePercent", { percent: line.percent }),
  ];
}

/** The site's fee schedule and the customers' online deadline. */
function CancelRule({ view }: { view: StaffCancelView }) {
  const { t } = useAdminI18n();
  return (
    <div className="rounded-md border border-gray-200 bg-gray-50 p-3" data-testid="cancel-rule">
      <h3 className="text-sm font-bold">{t("admin.cancelConfirm.ruleTitle")}</h3>
      {view.rule.length ? (
        <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          {view.rule.map((line) => {
            const [when, cost] = ruleText(t, line);
            return (
              <div key={when} className="contents">
                <dt>{when}</dt>
                <dd className="text-right font-semibold">{cost}</dd>
              </div>
            );
          })}
        </dl>
      ) : (
        <p className="mt-1 text-sm">{t("admin.cancelConfirm.ruleNone")}</p>
      )}
      <p className="mt-2 text-sm text-gray-800" data-testid="cancel-online-deadline">
        {view.onlineDeadline
          ? t("admin.cancelConfirm.onlineDeadline", { deadline: view.onlineDeadline })
          : t("admin.cancelConfirm.onlineOff")}
      </p>
    </div>
  );
}

/** The first step, in the booking's page: what the policy keeps, and the way to the confirmation. */
export function CancelStep({ view, confirmHref }: { view: StaffCancelView; confirmHref: string }) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.counter.cancelTitle")} testId="cancel">
      <p className="text-sm text-gray-700" data-testid="proposed-fee">
        {t("admin.cancelConfirm.proposed")}: <Yen amount={view.proposedFee} />（{proposedText(t, view)}）
      </p>
      <p>
        <Link to={confirmHref} className="btn-secondary" data-testid="cancel-open">
          {t("admin.cancelConfirm.open")}
        </Link>
      </p>
    </AdminSection>
  );
}

/** The confirmation: the fee (lowered or not), the refund, the rule, and the button that cancels. */
export function CancelConfirmPanel({
  view,
  failure,
  back,
}: {
  view: StaffCancelView;
  failure: FormFailure | null;
  back: string;
}) {
  const { t } = useAdminI18n();
  // A stale confirmation comes back with the numbers that hold now: the fee typed then is not kept.
  const stale = failure?.errors.form?.code?.startsWith("cancel_stale_") ?? false;
  const typed = stale ? undefined : failure?.values.fee;
  const [fee, setFee] = useState(typed ?? String(view.proposedFee));
  const { errors, formRef, onSubmit, onChange } = useForm(StaffCancelSchema, failure);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!failure) heading.current?.focus();
  }, [failure]);
  useEffect(() => setFee(typed ?? String(view.proposedFee)), [typed, view.proposedFee]);
  const amount = Number(fee.replace(/[^\d]/g, ""));
  const refund = Math.max(0, view.cardBalance - (Number.isFinite(amount) ? amount : 0));
  return (
    <section
      className="card mb-4 grid gap-4 border-2 border-red-700 p-4 sm:p-5"
      aria-labelledby="cancel-confirm-title"
      data-testid="cancel-confirm"
    >
      <div>
        <h2 id="cancel-confirm-title" ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
          {t("admin.cancelConfirm.title")}
        </h2>
        <p className="mt-1 text-sm text-gray-800">{t("admin.cancelConfirm.lead")}</p>
      </div>
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="cancel-form"
      >
        <FieldScope.Provider value="cancel">
          <CsrfField />
          {Object.entries(view.token).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <AdminErrorSummary errors={errors} />
          <dl className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-1">
            <dt className="font-semibold">{t("admin.cancelConfirm.proposed")}</dt>
            <dd className="text-right font-bold" data-testid="confirm-proposed-fee">
              <Yen amount={view.proposedFee} />
            </dd>
            <dd className="col-span-2 text-sm text-gray-700">{proposedText(t, view)}</dd>
          </dl>
          <div className="grid gap-4 sm:grid-cols-2">
            <AdminNumber
              name="fee"
              label={t("admin.counter.cancelFee")}
              hint={t("admin.counter.cancelFeeHint")}
              required
              errors={errors}
              value={fee}
              onInput={(event) => setFee(event.currentTarget.value)}
            />
            <AdminInput
              name="note"
              label={t("admin.counter.cancelNote")}
              errors={errors}
              defaultValue={failure?.values.note ?? ""}
            />
          </div>
          <dl className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-1 rounded-md bg-gray-50 p-3">
            <dt className="text-sm">{t("admin.cancelConfirm.cardBalance")}</dt>
            <dd className="text-right" data-testid="confirm-card-balance">
              <Yen amount={view.cardBalance} />
            </dd>
            <dt className="font-semibold">{t("admin.cancelConfirm.refund")}</dt>
            <dd className="text-right text-lg font-bold" data-testid="confirm-refund" aria-live="polite">
              <Yen amount={refund} />
            </dd>
            <dd className="col-span-2 text-sm text-gray-700">
              {view.paidByCard ? t("admin.cancelConfirm.refundHint") : t("admin.cancelConfirm.noRefund")}
            </dd>
          </dl>
          <CancelRule view={view} />
        </FieldScope.Provider>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="cancel"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-5 py-2.5 font-bold text-white hover:bg-red-800"
            data-testid="cancel-form-submit"
          >
            {t("admin.cancelConfirm.submit")}
          </button>
          {view.paidByCard ? (
            <button
              type="submit"
              name="intent"
              value="cancel-preview"
              formNoValidate
              className="btn-secondary"
              data-testid="cancel-recalc"
            >
              {t("admin.cancelConfirm.recalc")}
            </button>
          ) : null}
          <Link to={back} className="btn-secondary" data-testid="cancel-back">
            {t("admin.cancelConfirm.back")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
