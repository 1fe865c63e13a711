import type { ReactNode } from "react";
import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { useAdminI18n } from "#app/lib/admin";
import { formatDateTime } from "#common/format";
import { itemsOf, netOf } from "#common/ledger";
import type { AuditRow } from "#server/audit/audit-log";
import type { ReservationRecord } from "#server/counter/reservations";
import type { LedgerEntry } from "#server/ledger/ledger";
import { StoreTime, Yen } from "./counter";
import { AdminSection, SubmitButton } from "./page";

/**
 * A booking's history on its page (issue 24), in three sections the page places (issue 41): the
 * payments and refunds, the mails sent (and the confirmation sent again), the audit trail.
 */
export function ReservationPayments({
  payments,
  timeZone,
  retryable = [],
  children,
}: {
  payments: LedgerEntry[];
  timeZone: string;
  /** Failed card attempts staff may send again. */
  retryable?: readonly number[];
  /** What the page shows above the ledger (the fees). */
  children?: ReactNode;
}) {
  const { t } = useAdminI18n();
  // The ledger as staff read it: each attempt with its outcome; amounts from the outcomes only.
  const items = itemsOf(payments);
  const cardNet = netOf(items, "card");
  // A failed attempt a retry took up: the retry's own line says how it went.
  const retried = new Set(
    items.flatMap(({ attempt }) => {
      const of = /\/retry-(\d+)$/.exec(attempt.idempotencyKey)?.[1];
      return of ? [Number(of)] : [];
    }),
  );
  return (
    <AdminSection title={t("admin.reservation.fees")} testId="payments" id="payments">
      {children}
      <h3 className="font-semibold">{t("admin.reservation.payments")}</h3>
      {items.length ? (
        <>
          <ul className="grid gap-2 text-sm">
            {items.map(({ attempt, outcome }) => {
              const state = outcome ? outcome.status : "open";
              return (
                <li
                  key={attempt.id}
                  className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-2"
                  data-testid="payment-entry"
                  data-kind={attempt.kind}
                  data-status={state}
                  data-key={attempt.idempotencyKey}
                >
                  <span>
                    {t(`admin.takings.operation.${attempt.operation}`)}・{t(`admin.takings.${attempt.method}`)}（
                    <span className={state === "succeeded" ? undefined : "font-semibold text-red-800"}>
                      {t(
                        state === "succeeded"
                          ? "admin.payment.done"
                          : state === "failed"
                            ? "admin.payment.failed"
                            : "admin.payment.open",
                      )}
                    </span>
                    ）<StoreTime at={(outcome ?? attempt).createdAt} timeZone={timeZone} />
                    {state !== "succeeded" && !retried.has(attempt.id) ? (
                      <span className="block text-gray-700">{t("admin.payment.settleAtStore")}</span>
                    ) : null}
                    {retried.has(attempt.id) ? (
                      <span className="block text-gray-700">{t("admin.payment.retried")}</span>
                    ) : null}
                  </span>
                  <Yen
                    amount={
                      attempt.kind === "refund"
                        ? -(outcome?.amount || attempt.amount)
                        : outcome?.amount || attempt.amount
                    }
                  />
                  {retryable.includes(attempt.id) ? (
                    <Form
                      method="post"
                      className="col-span-2 grid gap-2 sm:justify-items-start"
                      data-testid="payment-retry"
                    >
                      <CsrfField />
                      <input type="hidden" name="attempt_id" value={attempt.id} />
                      <p className="text-gray-700">{t("admin.payment.retryHint")}</p>
                      <SubmitButton intent="retry-payment" testId="payment-retry-submit">
                        {t("admin.payment.retry")}
                      </SubmitButton>
                    </Form>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <p className="flex justify-between gap-2 border-t border-gray-200 pt-2 text-sm font-semibold">
            <span>{t("admin.payment.cardHolds")}</span>
            <span data-testid="card-balance">
              <Yen amount={cardNet} />
            </span>
          </p>
        </>
      ) : (
        <p className="text-sm text-gray-700">{t("admin.reservation.noPayments")}</p>
      )}
    </AdminSection>
  );
}

export function ReservationMails({
  reservation,
  mails,
  timeZone,
  canWork,
}: {
  reservation: Pick<ReservationRecord, "status" | "borrower">;
  mails: { id: number; kind: string; toAddress: string; subject: string; createdAt: Date }[];
  timeZone: string;
  canWork: boolean;
}) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.reservation.mails")} testId="mails" id="mails">
      {mails.length ? (
        <ul className="grid gap-2 text-sm">
          {mails.map((m) => (
            <li key={m.id} data-testid="mail-entry" data-kind={m.kind}>
              <StoreTime at={m.createdAt} timeZone={timeZone} /> {m.subject}
              <span className="block text-gray-700">{m.toAddress}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-700">{t("admin.reservation.noMails")}</p>
      )}
      {canWork && reservation.status === "confirmed" && reservation.borrower?.email ? (
        <Form method="post">
          <CsrfField />
          <SubmitButton intent="resend" testId="resend">
            {t("admin.counter.resend")}
          </SubmitButton>
        </Form>
      ) : null}
    </AdminSection>
  );
}

export function ReservationAuditTrail({
  audit,
  timeZone,
}: {
  audit: Pick<AuditRow, "id" | "action" | "at" | "actor">[];
  timeZone: string;
}) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.reservation.audit")} testId="audit-trail" id="history">
      {audit.length ? (
        <ol className="grid gap-2 text-sm">
          {audit.map((a) => (
            <li key={a.id} data-testid="audit-entry" data-action={a.action}>
              <span className="tabular-nums">{formatDateTime(new Date(a.at), timeZone)}</span> {a.actor}: {a.action}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-gray-700">{t("admin.reservation.noAudit")}</p>
      )}
    </AdminSection>
  );
}
