import { Form, Link } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import type { AdminT } from "#app/lib/admin";
import { useAdminI18n, useAdminPath } from "#app/lib/admin";
import { formatDateTime } from "#common/format";
import type { DeliveryRow } from "#server/webhooks/endpoints";
import {
  DELIVERY_ERROR_CODES,
  type DeliveryErrorCode,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from "#server/webhooks/webhook.schema";
import { AdminTable } from "./table";

/** A delivery as the pages receive it (dates as ISO strings). */
export type DeliveryView = Omit<DeliveryRow, "createdAt" | "deliveredAt" | "nextAttemptAt"> & {
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string;
};

export function deliveryView(row: DeliveryRow): DeliveryView {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

const isEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** An event type's name in the staff member's language, with its code (what the receiver sees). */
export function eventLabel(t: AdminT, type: string): string {
  return isEventType(type) ? t(`admin.webhooks.event.${type}`) : type;
}

/**
 * What a stored failure means. Rows from before codes were stored hold a status line or a network
 * error's code: read as what they mean, never shown as stored (decision 046).
 */
export function failureCode(stored: string): DeliveryErrorCode {
  if ((DELIVERY_ERROR_CODES as readonly string[]).includes(stored)) return stored as DeliveryErrorCode;
  if (/^HTTP \d+$/.test(stored)) return "http_status";
  return stored === "url_refused" ? "address_refused" : "connect_failed";
}

const STATUS_STYLE: Record<DeliveryView["status"], string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  succeeded: "border-green-300 bg-green-50 text-green-900",
  failed: "border-red-300 bg-red-50 text-red-900",
};

function StatusBadge({ status }: { status: DeliveryView["status"] }) {
  const { t } = useAdminI18n();
  const label = {
    pending: t("admin.webhooks.statusPending"),
    succeeded: t("admin.webhooks.statusSucceeded"),
    failed: t("admin.webhooks.statusFailed"),
  }[status];
  return (
    <span
      className={`inline-block rounded border px-2 py-0.5 text-sm font-semibold ${STATUS_STYLE[status]}`}
      data-testid="delivery-status"
      data-status={status}
    >
      {label}
    </span>
  );
}

/**
 * The deliveries log: when, where, which event, the result with its attempts and last HTTP status,
 * and "send again" (a form of its own per row, so it works without JavaScript).
 */
export function DeliveryTable({
  rows,
  timeZone,
  showEndpoint,
}: {
  rows: readonly DeliveryView[];
  timeZone: string;
  showEndpoint: boolean;
}) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const when = (iso: string) => formatDateTime(new Date(iso), timeZone);
  return (
    <AdminTable
      caption={t("admin.webhooks.deliveries")}
      testId="delivery-table"
      rows={rows}
      rowKey={(r) => r.id}
      empty={t("admin.webhooks.noDeliveries")}
      columns={[
        {
          key: "time",
          header: t("admin.webhooks.time"),
          cell: (r) => <span className="tabular-nums">{when(r.createdAt)}</span>,
        },
        ...(showEndpoint
          ? [
              {
                key: "endpoint",
                header: t("admin.webhooks.endpoint"),
                cell: (r: DeliveryView) => (
                  <Link to={path(`/webhooks/${r.endpointId}`)} className="link tap break-all">
                    {r.endpointUrl}
                  </Link>
                ),
              },
            ]
          : []),
        {
          key: "event",
          header: t("admin.webhooks.event"),
          cell: (r) => (
            <span className="grid">
              <span>{eventLabel(t, r.eventType)}</span>
              <code className="text-xs text-gray-700">{r.eventType}</code>
            </span>
          ),
        },
        {
          key: "reserveNo",
          header: t("admin.webhooks.reserveNo"),
          cell: (r) => (
            <span className="tabular-nums" data-testid="delivery-reserve-no">
              {r.reserveNo ?? "—"}
            </span>
          ),
        },
        {
          key: "status",
          header: t("admin.webhooks.deliveryStatus"),
          cell: (r) => (
            <span className="grid gap-1">
              <StatusBadge status={r.status} />
              {r.status === "pending" && r.attempts > 0 ? (
                <span className="text-xs text-gray-700">
                  {t("admin.webhooks.nextAttempt", { time: when(r.nextAttemptAt) })}
                </span>
              ) : null}
              {r.lastError && r.status !== "succeeded" ? (
                <span
                  className="text-xs text-gray-700"
                  data-testid="delivery-error"
                  data-code={failureCode(r.lastError)}
                >
                  {t(`admin.webhooks.failure.${failureCode(r.lastError)}`)}
                </span>
              ) : null}
            </span>
          ),
        },
        {
          key: "attempts",
          header: t("admin.webhooks.attempts"),
          numeric: true,
          cell: (r) => <span data-testid="delivery-attempts">{r.attempts}</span>,
        },
        {
          key: "http",
          header: t("admin.webhooks.httpStatus"),
          numeric: true,
          cell: (r) => <span data-testid="delivery-http">{r.lastStatusCode ?? "—"}</span>,
        },
        {
          key: "resend",
          header: t("admin.webhooks.manage"),
          cell: (r) =>
            r.status === "pending" ? (
              "—"
            ) : (
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="delivery_id" value={r.id} />
                <button
                  type="submit"
                  name="intent"
                  value="resend"
                  className="btn-secondary"
                  aria-label={t("admin.webhooks.resendLabel", {
                    event: eventLabel(t, r.eventType),
                    time: when(r.createdAt),
                  })}
                  data-testid="resend"
                >
                  {t("admin.webhooks.resend")}
                </button>
              </Form>
            ),
        },
      ]}
    />
  );
}
