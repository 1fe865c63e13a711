import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import type { AdminMessageKey } from "#app/i18n/admin";
import { type AdminT, useAdminI18n } from "#app/lib/admin";
import type { FormFailure } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import type { ExtraCharge } from "#common/counter";
import { formatYen } from "#common/format";
import { ADJUSTABLE_KINDS, ReturnSchema } from "#server/counter/return.schema";
import { Yen } from "./counter";
import { CheckSheetFields, FuelAndMeter, WhenFields } from "./counter-forms";
import {
  AdminCheckbox,
  AdminErrorSummary,
  type AdminErrors,
  AdminInput,
  AdminNumber,
  AdminRadioGroup,
  AdminTextarea,
} from "./fields";
import { SubmitButton } from "./page";

/**
 * The return at the counter (issue 37): the form whose first step proposes every charge, the
 * proposal staff confirm (changing an amount with a reason), and what was charged, as the ledger says.
 */

/** The proposal as the page shows it (from `previewReturn`). */
export interface ProposalView {
  lines: ExtraCharge[];
  total: number;
  settlement: "card" | "counter";
  distanceKm: number | null;
  late: { lateHours: number; rates: { hour: number; day: number } } | null;
  fuel: { eighths: number; litres: number };
}

/** The ledger's word on the return's money (`ReturnSettlement`). */
export type SettlementView =
  | { state: "none" }
  | { state: "pending"; method: string; amount: number }
  | {
      state: "succeeded" | "failed";
      method: string;
      amount: number;
      attempted: number;
      reason: string | null;
      fallback: { method: string; amount: number } | null;
    };

/** What a charge line says, in the staff's language. */
export function extraLineLabel(t: AdminT, line: Pick<ExtraCharge, "kind" | "label">): string {
  switch (line.kind) {
    case "late":
      return t("admin.return.lineLate", { hours: line.label });
    case "fuel":
      return line.label ? t("admin.return.lineFuel", { litres: line.label }) : t("admin.counter.extraFuel");
    case "noc":
      return t(line.label === "drivable" ? "admin.return.lineNocDrivable" : "admin.return.lineNocNotDrivable");
    default:
      return line.label || t("admin.return.lineOther");
  }
}

/** The lines a return charged, with the proposal and reason of a line staff changed. */
export function ExtraLines({ lines, testId = "extras" }: { lines: readonly ExtraCharge[]; testId?: string }) {
  const { t, locale } = useAdminI18n();
  if (!lines.length) return null;
  return (
    <ul className="grid gap-1 text-sm" data-testid={testId}>
      {lines.map((line) => (
        <li key={`${line.kind}-${line.label}`} data-testid="extra-line" data-kind={line.kind}>
          <span className="flex justify-between gap-3">
            <span>{extraLineLabel(t, line)}</span>
            <Yen amount={line.amount} />
          </span>
          {line.proposed !== undefined ? (
            <span className="block text-gray-700" data-testid="extra-adjusted">
              {t("admin.return.adjusted", { amount: formatYen(line.proposed, locale), reason: line.reason ?? "" })}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const METHOD_LABEL: Record<string, AdminMessageKey> = {
  card: "admin.return.method.card",
  cash: "admin.return.method.cash",
  terminal: "admin.return.method.terminal",
};
const CARD_REASONS = ["card_declined", "insufficient_funds", "card_expired", "authentication_failed"] as const;

/** Why the card was refused, in staff's words (the gateway's other reasons as one). */
export function cardReasonKey(reason: string | null | undefined): AdminMessageKey {
  const code = (CARD_REASONS as readonly string[]).includes(reason ?? "") ? reason : "other";
  return `admin.return.cardReason.${code}` as AdminMessageKey;
}

/** The settlement as the ledger recorded it, and the cash entry after a failed card. */
export function SettlementNotice({ settlement }: { settlement: SettlementView }) {
  const { t, locale } = useAdminI18n();
  const method = (m: string) => t(METHOD_LABEL[m] ?? "admin.return.method.cash");
  let text: string;
  let tone = "border-green-700 bg-green-50";
  switch (settlement.state) {
    case "none":
      text = t("admin.return.outcomeNone");
      tone = "border-gray-300 bg-gray-50";
      break;
    case "pending":
      text = t("admin.return.outcomePending", { amount: formatYen(settlement.amount, locale) });
      tone = "border-amber-500 bg-amber-50";
      break;
    case "succeeded":
      text = t("admin.return.outcomeSucceeded", {
        method: method(settlement.method),
        amount: formatYen(settlement.amount, locale),
      });
      break;
    default: {
      text = t("admin.return.outcomeFailed", {
        amount: formatYen(settlement.attempted, locale),
        reason: t(cardReasonKey(settlement.reason)),
      });
      tone = settlement.fallback ? "border-gray-300 bg-gray-50" : "border-red-700 bg-red-50";
    }
  }
  return (
    <div className="grid gap-2" data-testid="settlement" data-state={settlement.state}>
      <p className={`rounded-md border-2 p-3 font-semibold ${tone}`} data-testid="settlement-outcome">
        {text}
      </p>
      {settlement.state === "failed" && settlement.fallback ? (
        <p
          className="rounded-md border-2 border-green-700 bg-green-50 p-3 font-semibold"
          data-testid="settlement-fallback"
        >
          {t("admin.return.outcomeFallback", {
            method: method(settlement.fallback.method),
            amount: formatYen(settlement.fallback.amount, locale),
          })}
        </p>
      ) : null}
      {settlement.state === "failed" && !settlement.fallback ? (
        <Form method="post">
          <CsrfField />
          <SubmitButton intent="cash" testId="return-cash">
            {t("admin.return.cashInstead")}
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}

/** The detail page's return section: the way to the return step, or to what it settled. */
export function ReturnSection({ to, returned }: { to: string; returned: boolean }) {
  const { t } = useAdminI18n();
  return (
    <div className="grid gap-3">
      {returned ? null : <p className="text-sm text-gray-700">{t("admin.return.openLead")}</p>}
      <p>
        <Link className={returned ? "btn-secondary" : "btn-primary"} to={to} data-testid="return-link">
          {t(returned ? "admin.return.view" : "admin.return.open")}
        </Link>
      </p>
    </div>
  );
}

function ProposalPanel({
  proposal,
  errors,
  value,
  details,
}: {
  proposal: ProposalView;
  errors: AdminErrors;
  value: (name: string, fallback?: string) => string;
  details: { late: string | null; fuel: string | null };
}) {
  const { t } = useAdminI18n();
  const adjustable = (kind: string) => (ADJUSTABLE_KINDS as readonly string[]).includes(kind);
  // A new proposal is brought into view below the long form (its heading takes the focus).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (proposal) heading.current?.focus();
  }, [proposal]);
  return (
    <section
      className="grid gap-3 rounded-lg border-2 border-blue-900 p-3 sm:p-4"
      data-testid="return-proposal"
      aria-labelledby="return-proposal-title"
    >
      <h2 id="return-proposal-title" ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
        {t("admin.return.proposalTitle")}
      </h2>
      {proposal.lines.some((line) => adjustable(line.kind)) ? (
        <p className="text-sm text-gray-700">{t("admin.return.reasonHint")}</p>
      ) : null}
      {proposal.lines.length ? (
        <ul className="grid gap-3">
          {proposal.lines.map((line) => (
            <li
              key={line.kind}
              className="grid gap-2 border-b border-gray-200 pb-3"
              data-testid="charge-line"
              data-kind={line.kind}
              data-amount={line.amount}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-semibold">{extraLineLabel(t, line)}</span>
                <span>
                  <span className="sr-only">{t("admin.return.proposed")} </span>
                  <strong data-testid="charge-proposed">
                    <Yen amount={line.amount} />
                  </strong>
                </span>
                {line.kind === "late" && details.late ? (
                  <span className="w-full text-sm text-gray-700">{details.late}</span>
                ) : null}
                {line.kind === "fuel" && details.fuel ? (
                  <span className="w-full text-sm text-gray-700">{details.fuel}</span>
                ) : null}
              </div>
              {adjustable(line.kind) ? (
                <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
                  <AdminNumber
                    name={`charge_${line.kind}`}
                    label={t("admin.return.charged")}
                    errors={errors}
                    defaultValue={value(`charge_${line.kind}`, String(line.amount))}
                    maxLength={9}
                  />
                  <AdminInput
                    name={`reason_${line.kind}`}
                    label={t("admin.return.reason")}
                    errors={errors}
                    defaultValue={value(`reason_${line.kind}`)}
                    maxLength={200}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p data-testid="no-charges">{t("admin.return.noCharges")}</p>
      )}
      <p className="flex items-baseline justify-between gap-3 text-lg">
        <span className="font-semibold">{t("admin.return.total")}</span>
        <strong className="text-2xl" data-testid="proposal-total">
          <Yen amount={proposal.total} />
        </strong>
      </p>
      <p className="text-sm text-gray-700" data-testid="settlement-plan" data-settlement={proposal.settlement}>
        {t(proposal.settlement === "card" ? "admin.return.cardNote" : "admin.return.counterNote")}
      </p>
      <input type="hidden" name="shown_total" value={String(proposal.total)} />
      <div>
        <SubmitButton intent="return" testId="return-confirm">
          {t("admin.return.confirm")}
        </SubmitButton>
      </div>
    </section>
  );
}

/**
 * The return's form: when, the meter (with "I checked the meter" once a jump was found), fuel,
 * damage, check sheet, notes, another charge, how the counter is paid; then the proposal.
 */
export function ReturnStepForm({
  now,
  meter,
  failure,
  proposal,
  settlement,
  details,
}: {
  now: { date: string; time: string };
  meter: number | null;
  failure: (FormFailure & { proposal?: ProposalView | null }) | null;
  proposal: ProposalView | null;
  settlement: "card" | "counter";
  details: (p: ProposalView) => { late: string | null; fuel: string | null };
}) {
  const { t } = useAdminI18n();
  const { errors, formRef, onSubmit, onChange } = useForm(ReturnSchema, failure);
  const value = (name: string, fallback = "") => failure?.values[name] ?? fallback;
  // Shown once the server asked (a jump beyond the site's limit), and while it stays ticked.
  const askMeter = Boolean(failure?.errors.meter_checked) || value("meter_checked") === "1";
  return (
    <Form
      method="post"
      ref={formRef}
      onSubmit={onSubmit}
      onChange={onChange}
      noValidate
      className="grid gap-4"
      data-testid="return-form"
    >
      <CsrfField />
      <AdminErrorSummary errors={errors} />
      <WhenFields prefix="returned" errors={errors} value={value} now={now} />
      <FuelAndMeter errors={errors} value={value} meter={meter === null ? "" : String(meter)} />
      {askMeter ? (
        <div className="rounded-md border-2 border-amber-500 bg-amber-50 p-3" data-testid="meter-check">
          <AdminCheckbox
            name="meter_checked"
            label={t("admin.return.meterChecked")}
            defaultChecked={value("meter_checked") === "1"}
            errors={errors}
          />
        </div>
      ) : null}
      <AdminRadioGroup
        name="damage"
        label={t("admin.return.damage")}
        value={value("damage", "none")}
        errors={errors}
        options={[
          { value: "none", label: t("admin.return.damageNone") },
          { value: "drivable", label: t("admin.return.damageDrivable") },
          { value: "not_drivable", label: t("admin.return.damageNotDrivable") },
        ]}
      />
      <CheckSheetFields errors={errors} value={value} />
      <AdminTextarea
        name="notes"
        label={t("admin.return.notes")}
        errors={errors}
        defaultValue={value("notes")}
        rows={2}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminNumber
          name="other_charge"
          label={t("admin.counter.otherCharge")}
          hint={t("admin.counter.yenHint")}
          errors={errors}
          defaultValue={value("other_charge")}
          maxLength={9}
        />
        <AdminInput
          name="other_label"
          label={t("admin.counter.otherLabel")}
          errors={errors}
          defaultValue={value("other_label")}
          maxLength={100}
        />
      </div>
      {settlement === "counter" ? (
        <AdminRadioGroup
          name="settle_method"
          label={t("admin.return.settleMethod")}
          value={value("settle_method", "cash")}
          errors={errors}
          options={[
            { value: "cash", label: t("admin.return.method.cash") },
            { value: "terminal", label: t("admin.return.method.terminal") },
          ]}
        />
      ) : null}
      <div>
        <button
          type="submit"
          name="intent"
          value="propose"
          className={proposal ? "btn-secondary" : "btn-primary"}
          data-testid="return-propose"
        >
          {t(proposal ? "admin.return.repropose" : "admin.return.propose")}
        </button>
      </div>
      {proposal ? (
        <ProposalPanel proposal={proposal} errors={errors} value={value} details={details(proposal)} />
      ) : null}
    </Form>
  );
}
