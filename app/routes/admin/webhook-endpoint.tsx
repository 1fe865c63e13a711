import type { ReactNode } from "react";
import { Form } from "react-router";
import { AdminErrorSummary } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, DeleteForm } from "#app/components/admin/page";
import { DeliveryTable, deliveryView, eventLabel } from "#app/components/admin/webhook-deliveries";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { type FormFailure, formFailure, handleForm, handleIntent } from "#app/lib/form-action.server";
import { requireId } from "#app/lib/site.server";
import { adminPath } from "#common/admin";
import { formatDateTime } from "#common/format";
import { siteTimeZone } from "#server/sites/site-bundle";
import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  newEndpointSecret,
  resendDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
  setWebhookEndpointEnabled,
} from "#server/webhooks/endpoints";
import { ResendDeliverySchema } from "#server/webhooks/webhook.schema";
import type { Route } from "./+types/webhook-endpoint";

/**
 * `/webhooks/:endpointId`: one endpoint, its signing secret (shown right after creation, then when
 * the owner asks, audited), stop/start, a new secret, delete, and its deliveries with "send again".
 * Another site's id, or one that is no number, is a 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const id = requireId(params.endpointId);
  const endpoint = await getWebhookEndpoint(db, siteId, actor, id);
  const deliveries = await listWebhookDeliveries(db, siteId, actor, { endpointId: id });
  return {
    endpoint: {
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      eventTypes: endpoint.eventTypes,
      enabled: endpoint.disabledAt === null,
      createdAt: endpoint.createdAt.toISOString(),
    },
    /** Only on the page the creation leads to (`?created=1`), in the minutes after it: shown once. */
    newSecret:
      new URL(request.url).searchParams.get("created") === "1" ? await newEndpointSecret(db, siteId, actor, id) : null,
    deliveries: deliveries.map(deliveryView),
    timeZone: siteTimeZone(bundle),
  };
}

type SecretAnswer = { secret: string; rotated: boolean };

export async function action({ context, request, params }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request, "integrations.manage");
  const id = requireId(params.endpointId);
  const here = adminPath(siteId, `/webhooks/${id}`);
  const form = await request.formData();
  const done = (key: "admin.webhooks.disabledFlash" | "admin.webhooks.enabledFlash" | "admin.webhooks.resent") =>
    redirectWithAdminFlash(request, here, { kind: "success", key });
  switch (form.get("intent")) {
    // The secret comes back in this answer only: never in a URL, a cookie or the page's loader data.
    case "reveal":
      return { secret: await revealWebhookSecret(db, siteId, actor, id), rotated: false } satisfies SecretAnswer;
    case "rotate":
      return { secret: await rotateWebhookSecret(db, siteId, actor, id), rotated: true } satisfies SecretAnswer;
    case "disable":
      return handleIntent(form, async () => {
        await setWebhookEndpointEnabled(db, siteId, actor, id, false);
        return done("admin.webhooks.disabledFlash");
      });
    case "enable":
      return handleIntent(form, async () => {
        await setWebhookEndpointEnabled(db, siteId, actor, id, true);
        return done("admin.webhooks.enabledFlash");
      });
    case "delete":
      return handleIntent(form, async () => {
        await deleteWebhookEndpoint(db, siteId, actor, id);
        return redirectWithAdminFlash(request, adminPath(siteId, "/webhooks"), {
          kind: "success",
          key: "admin.flash.deleted",
        });
      });
    case "resend":
      return handleForm(form, ResendDeliverySchema, async ({ delivery_id }) => {
        // This endpoint's deliveries only: another id is a 404.
        await resendDelivery(db, siteId, actor, delivery_id, { endpointId: id });
        return done("admin.webhooks.resent");
      });
    default:
      return formFailure(form, { form: { code: "invalid_input" } });
  }
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="font-semibold text-gray-800">{label}</dt>
      <dd className="break-all">{children}</dd>
    </div>
  );
}

/** A small form with one button (works without JavaScript); `confirm` asks first when scripts run. */
function IntentButton({
  intent,
  label,
  confirm,
  danger,
}: {
  intent: string;
  label: string;
  confirm?: string;
  danger?: boolean;
}) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <CsrfField />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={danger ? "btn-secondary border-red-700 text-red-800" : "btn-secondary"}
        data-testid={`endpoint-${intent}`}
      >
        {label}
      </button>
    </Form>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.webhooks.endpointTitle"));

export default function AdminWebhookEndpoint({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const { endpoint, deliveries, timeZone } = loaderData;
  const answer = actionData && "secret" in actionData ? (actionData as SecretAnswer) : undefined;
  const failure = actionData && "errors" in actionData ? (actionData as FormFailure) : undefined;
  const secret = answer?.secret ?? loaderData.newSecret;
  return (
    <>
      <AdminPageHeader title={t("admin.webhooks.endpointTitle")} lead={endpoint.url} back={path("/webhooks")} />
      <div className="grid gap-6">
        {failure ? <AdminErrorSummary errors={failure.errors} /> : null}
        <AdminSection>
          <dl className="grid gap-3" data-testid="endpoint-facts">
            <Fact label={t("admin.webhooks.url")}>
              <span data-testid="endpoint-url">{endpoint.url}</span>
            </Fact>
            {endpoint.description ? <Fact label={t("admin.webhooks.description")}>{endpoint.description}</Fact> : null}
            <Fact label={t("admin.webhooks.events")}>
              {endpoint.eventTypes.length ? (
                <ul className="grid gap-1">
                  {endpoint.eventTypes.map((type) => (
                    <li key={type}>
                      {eventLabel(t, type)} <code className="text-xs text-gray-700">{type}</code>
                    </li>
                  ))}
                </ul>
              ) : (
                t("admin.webhooks.allEvents")
              )}
            </Fact>
            <Fact label={t("admin.webhooks.status")}>
              <span data-testid="endpoint-status" data-enabled={endpoint.enabled}>
                {endpoint.enabled ? t("admin.webhooks.enabled") : t("admin.webhooks.disabled")}
              </span>
            </Fact>
            <Fact label={t("admin.webhooks.createdAt")}>{formatDateTime(new Date(endpoint.createdAt), timeZone)}</Fact>
          </dl>
          <div className="flex flex-wrap gap-3">
            {endpoint.enabled ? (
              <IntentButton intent="disable" label={t("admin.webhooks.disable")} />
            ) : (
              <IntentButton intent="enable" label={t("admin.webhooks.enable")} />
            )}
            <DeleteForm label={t("admin.webhooks.deleteEndpoint")} testId="endpoint-delete" />
          </div>
        </AdminSection>

        <AdminSection title={t("admin.webhooks.secret")} testId="secret-section">
          <p className="text-sm text-gray-700">{t("admin.webhooks.secretLead")}</p>
          {answer?.rotated ? (
            <p role="status" className="font-semibold text-green-900" data-testid="secret-rotated">
              {t("admin.webhooks.rotated")}
            </p>
          ) : null}
          {secret ? (
            <div className="grid gap-1">
              <p className="font-semibold">{t("admin.webhooks.secretShown")}</p>
              <code
                className="block rounded border border-gray-300 bg-gray-50 p-3 text-sm break-all select-all"
                data-testid="webhook-secret"
              >
                {secret}
              </code>
            </div>
          ) : (
            <p data-testid="secret-hidden">{t("admin.webhooks.secretHidden")}</p>
          )}
          <div className="flex flex-wrap gap-3">
            {secret ? null : <IntentButton intent="reveal" label={t("admin.webhooks.reveal")} />}
            <IntentButton
              intent="rotate"
              label={t("admin.webhooks.rotate")}
              confirm={t("admin.webhooks.confirmRotate")}
            />
          </div>
        </AdminSection>

        <section className="grid gap-3" aria-labelledby="endpoint-deliveries">
          <h2 id="endpoint-deliveries" className="text-lg font-bold">
            {t("admin.webhooks.deliveries")}
          </h2>
          <p className="text-sm text-gray-700">{t("admin.webhooks.deliveriesLead")}</p>
          <DeliveryTable rows={deliveries} timeZone={timeZone} showEndpoint={false} />
        </section>
      </div>
    </>
  );
}
