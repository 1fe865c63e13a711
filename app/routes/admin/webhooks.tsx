import { useMemo } from "react";
import { Form, Link } from "react-router";
import { AdminCheckboxGroup, AdminErrorSummary, AdminInput } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { AdminTable } from "#app/components/admin/table";
import { DeliveryTable, deliveryView, eventLabel } from "#app/components/admin/webhook-deliveries";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { type FormFailure, formFailure, handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { services } from "#app/lib/site.server";
import { adminPath } from "#common/admin";
import { siteTimeZone } from "#server/sites/site-bundle";
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendDelivery,
} from "#server/webhooks/endpoints";
import {
  type EndpointUrlRules,
  ResendDeliverySchema,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LISTS,
  WEBHOOK_URL_MAX,
  webhookEndpointSchema,
  webhookUrlRules,
} from "#server/webhooks/webhook.schema";
import type { Route } from "./+types/webhooks";

/** Where http to a receiver on loopback is allowed (decision 034): outside production, or by the setting. */
function urlRules(context: Route.ActionArgs["context"]): EndpointUrlRules {
  // Read from the environment at run time (a destructured read is never replaced by the bundler).
  const { NODE_ENV } = process.env;
  return webhookUrlRules(NODE_ENV, services(context).webhookHttpLoopback);
}

/** `/webhooks`: the owner's endpoints, the form that adds one, and the recent deliveries of all of them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const endpoints = await listWebhookEndpoints(db, siteId, actor);
  const deliveries = await listWebhookDeliveries(db, siteId, actor);
  return {
    endpoints: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      description: e.description,
      eventTypes: e.eventTypes,
      enabled: e.disabledAt === null,
    })),
    deliveries: deliveries.map(deliveryView),
    timeZone: siteTimeZone(bundle),
    rules: urlRules(context),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request, "integrations.manage");
  // Who may do this is known before what was typed is read: a refusal is a 403, never a 422.
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "resend") {
    return handleForm(form, ResendDeliverySchema, async ({ delivery_id }) => {
      await resendDelivery(db, siteId, actor, delivery_id);
      return redirectWithAdminFlash(request, adminPath(siteId, "/webhooks"), {
        kind: "success",
        key: "admin.webhooks.resent",
      });
    });
  }
  if (intent !== "create") return formFailure(form, { form: { code: "invalid_input" } });
  const rules = urlRules(context);
  return handleForm(
    form,
    webhookEndpointSchema(rules),
    async (input) => {
      const { id } = await createWebhookEndpoint(db, siteId, actor, input, rules);
      // The endpoint's page shows the new secret (for a few minutes after creation, never in a URL or cookie).
      return redirectWithAdminFlash(request, adminPath(siteId, `/webhooks/${id}?created=1`), {
        kind: "success",
        key: "admin.webhooks.created",
      });
    },
    { lists: WEBHOOK_LISTS },
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.webhooks.title"));

export default function AdminWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const failure = actionData as FormFailure | undefined;
  // Only the add form's own refusals belong to it (a refused "send again" has its own message).
  const created = failure?.values.intent === "create" ? failure : undefined;
  const allowHttpLoopback = loaderData.rules.allowHttpLoopback;
  // One schema per page: a new one each render would make the form check itself again and again.
  const schema = useMemo(() => webhookEndpointSchema({ allowHttpLoopback }), [allowHttpLoopback]);
  const { errors, formRef, onSubmit, onChange, values } = useForm(schema, created, {
    lists: WEBHOOK_LISTS,
  });
  const checked = created ? (created.lists.event_types ?? (values.event_types ? [values.event_types] : [])) : [];
  // A refused "send again" (a garbled id): its one message above everything.
  const otherError = failure && !created ? Object.values(failure.errors)[0] : undefined;
  return (
    <>
      <AdminPageHeader title={t("admin.webhooks.title")} lead={t("admin.webhooks.lead")} />
      <div className="grid gap-6">
        {otherError ? <AdminErrorSummary errors={{ form: otherError }} /> : null}
        <section className="grid gap-3" aria-labelledby="webhook-endpoints">
          <h2 id="webhook-endpoints" className="text-lg font-bold">
            {t("admin.webhooks.endpoints")}
          </h2>
          <AdminTable
            caption={t("admin.webhooks.endpoints")}
            testId="endpoint-table"
            rows={loaderData.endpoints}
            rowKey={(e) => e.id}
            empty={t("admin.webhooks.noEndpoints")}
            columns={[
              {
                key: "url",
                header: t("admin.webhooks.url"),
                cell: (e) => (
                  <span className="grid">
                    <Link
                      to={path(`/webhooks/${e.id}`)}
                      className="link tap font-semibold break-all"
                      data-testid="endpoint-link"
                    >
                      {e.url}
                    </Link>
                    {e.description ? <span className="text-gray-700">{e.description}</span> : null}
                  </span>
                ),
              },
              {
                key: "events",
                header: t("admin.webhooks.events"),
                cell: (e) =>
                  e.eventTypes.length
                    ? e.eventTypes.map((type) => eventLabel(t, type)).join("、")
                    : t("admin.webhooks.allEvents"),
              },
              {
                key: "status",
                header: t("admin.webhooks.status"),
                cell: (e) => (
                  <span data-testid="endpoint-status" data-enabled={e.enabled}>
                    {e.enabled ? t("admin.webhooks.enabled") : t("admin.webhooks.disabled")}
                  </span>
                ),
              },
            ]}
          />
        </section>

        <Form
          method="post"
          ref={formRef}
          onSubmit={onSubmit}
          onChange={onChange}
          noValidate
          className="grid gap-4"
          data-testid="webhook-form"
        >
          <CsrfField />
          <input type="hidden" name="intent" value="create" />
          <AdminSection title={t("admin.webhooks.addTitle")}>
            <AdminErrorSummary
              errors={errors}
              labels={{ url: t("admin.webhooks.url"), description: t("admin.webhooks.description") }}
            />
            <AdminInput
              name="url"
              type="url"
              inputMode="url"
              label={t("admin.webhooks.url")}
              hint={
                loaderData.rules.allowHttpLoopback ? t("admin.webhooks.urlHintLoopback") : t("admin.webhooks.urlHint")
              }
              required
              errors={errors}
              defaultValue={values.url}
              maxLength={WEBHOOK_URL_MAX}
              autoComplete="off"
              placeholder="https://"
            />
            <AdminInput
              name="description"
              label={t("admin.webhooks.description")}
              hint={t("admin.webhooks.descriptionHint")}
              errors={errors}
              defaultValue={values.description}
              maxLength={WEBHOOK_DESCRIPTION_MAX}
              autoComplete="off"
            />
            <AdminCheckboxGroup
              name="event_types"
              label={t("admin.webhooks.events")}
              hint={t("admin.webhooks.eventsHint")}
              options={WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: `${eventLabel(t, type)} (${type})` }))}
              checked={checked}
              errors={errors}
            />
            <div>
              <SubmitButton testId="webhook-add">{t("admin.webhooks.add")}</SubmitButton>
            </div>
          </AdminSection>
        </Form>

        <section className="grid gap-3" aria-labelledby="webhook-deliveries">
          <h2 id="webhook-deliveries" className="text-lg font-bold">
            {t("admin.webhooks.deliveries")}
          </h2>
          <p className="text-sm text-gray-700">{t("admin.webhooks.deliveriesLead")}</p>
          <DeliveryTable rows={loaderData.deliveries} timeZone={loaderData.timeZone} showEndpoint />
        </section>
      </div>
    </>
  );
}
