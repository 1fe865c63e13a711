import { data, Form } from "react-router";
import { adminPath } from "../../../common/admin";
import { notFoundError } from "../../../server/errors";
import {
  API_KEY_LISTS,
  API_KEY_NAME_MAX,
  API_RATE_LIMIT_DEFAULT,
  API_RATE_LIMIT_MAX,
  API_RATE_LIMIT_MIN,
  API_SCOPES,
  ApiKeySchema,
  type ApiScope,
} from "../../../server/integrations/api-key.schema";
import { createApiKey, listApiKeys, revokeApiKey } from "../../../server/integrations/api-keys";
import { CopyableCode, ShownOnce } from "../../components/admin/copyable-code";
import { AdminCheckboxGroup, AdminErrorSummary, AdminInput, AdminNumber } from "../../components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "../../components/admin/page";
import { AdminTable } from "../../components/admin/table";
import { CsrfField } from "../../components/csrf-field";
import { type AdminT, adminMeta, useAdminI18n } from "../../lib/admin";
import { redirectWithAdminFlash, requireStaffAccess } from "../../lib/admin.server";
import { type FormFailure, handleForm } from "../../lib/form-action.server";
import { useForm } from "../../lib/forms";
import type { Route } from "./+types/api-keys";

/** The JSON API's reference page (decision 033). */
const API_DOCS_PATH = "/api/v1/docs";

/**
 * `/api-keys` (owners): the site's keys to the JSON API, making one (its secret shown once, in the
 * action's answer only) and revoking one (a second step inside a `<details>`, so it asks before it
 * posts with or without JavaScript).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const keys = await listApiKeys(db, siteId, actor);
  return {
    siteId,
    keys: keys.map((k) => ({
      ...k,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      revokedAt: k.revokedAt?.toISOString() ?? null,
    })),
  };
}

/** A key's id as a form sends it; anything else names no key. */
const formId = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null;

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request, "integrations.manage");
  // Who may do this is known before what was typed is read: a refusal is a 403, never a 422.
  const form = await request.formData();
  if (form.get("intent") === "revoke") {
    const id = formId(form.get("id"));
    if (id === null) throw notFoundError();
    const { name } = await revokeApiKey(db, siteId, actor, id);
    return redirectWithAdminFlash(request, adminPath(siteId, "/api-keys"), {
      kind: "success",
      key: "admin.apiKeys.revoked",
      params: { name },
    });
  }
  return handleForm(
    form,
    ApiKeySchema,
    async (input) => {
      const { id, secret } = await createApiKey(db, siteId, actor, input);
      // The secret is in this answer only (the page is no-store): never in a flash cookie, a redirect
      // or the loader, so reloading the page, or going back to it, cannot show it again.
      return data({ created: { id, name: input.name, secret } });
    },
    { lists: API_KEY_LISTS },
  );
}

const SCOPE_LABELS: Record<ApiScope, { long: Parameters<AdminT>[0]; short: Parameters<AdminT>[0] }> = {
  "catalog:read": { long: "admin.apiKeys.scopeCatalog", short: "admin.apiKeys.scopeCatalogShort" },
  "reservations:read": {
    long: "admin.apiKeys.scopeReservationsRead",
    short: "admin.apiKeys.scopeReservationsReadShort",
  },
  "reservations:write": {
    long: "admin.apiKeys.scopeReservationsWrite",
    short: "admin.apiKeys.scopeReservationsWriteShort",
  },
  bookings: { long: "admin.apiKeys.scopeBookings", short: "admin.apiKeys.scopeBookingsShort" },
};

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.apiKeys.title"));

export default function AdminApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const created = actionData && "created" in actionData ? actionData.created : null;
  const failure = actionData && "errors" in actionData ? actionData : null;
  const format = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "ja-JP", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Tokyo",
  });
  const when = (iso: string) => format.format(new Date(iso));
  return (
    <>
      <AdminPageHeader title={t("admin.apiKeys.title")} lead={t("admin.apiKeys.lead")} />
      {created ? <CreatedSecret key={created.id} name={created.name} secret={created.secret} /> : null}
      <div className="grid gap-6">
        <section aria-labelledby="api-keys-list" className="grid gap-3">
          <h2 id="api-keys-list" className="text-lg font-bold">
            {t("admin.apiKeys.listTitle")}
          </h2>
          <AdminTable
            caption={t("admin.apiKeys.listTitle")}
            testId="api-keys-table"
            rows={loaderData.keys}
            rowKey={(k) => k.id}
            empty={t("admin.apiKeys.empty")}
            columns={[
              {
                key: "name",
                header: t("admin.apiKeys.name"),
                cell: (k) => (
                  <span className="grid">
                    <span className="font-semibold break-all" data-testid="api-key-name">
                      {k.name}
                    </span>
                    <code className="text-sm text-gray-700" data-testid="api-key-prefix">
                      {k.prefix}…
                    </code>
                  </span>
                ),
              },
              {
                key: "scopes",
                header: t("admin.apiKeys.scopes"),
                cell: (k) => k.scopes.map((s) => t(SCOPE_LABELS[s].short)).join(locale === "en" ? ", " : "、"),
              },
              {
                key: "rate",
                header: t("admin.apiKeys.rateLimit"),
                numeric: true,
                cell: (k) => t("admin.apiKeys.perMinute", { count: k.rateLimit.toLocaleString("en-US") }),
              },
              {
                key: "created",
                header: t("admin.apiKeys.created"),
                cell: (k) => (
                  <span className="grid">
                    <span className="tabular-nums">{when(k.createdAt)}</span>
                    {k.createdBy ? (
                      <span className="text-sm text-gray-700 break-all">
                        {t("admin.apiKeys.createdBy", { email: k.createdBy })}
                      </span>
                    ) : null}
                  </span>
                ),
              },
              {
                key: "used",
                header: t("admin.apiKeys.lastUsed"),
                cell: (k) => (k.lastUsedAt ? when(k.lastUsedAt) : t("admin.apiKeys.never")),
              },
              {
                key: "status",
                header: t("admin.apiKeys.status"),
                cell: (k) =>
                  k.revokedAt ? (
                    <span data-testid="api-key-revoked">
                      {t("admin.apiKeys.revokedAt", { date: when(k.revokedAt) })}
                    </span>
                  ) : (
                    <RevokeKey id={k.id} name={k.name} />
                  ),
              },
            ]}
          />
        </section>
        {/* A new form after each key made: the next one starts empty. */}
        <CreateKeyForm key={created?.id ?? "new"} failure={failure} />
        <Usage siteId={loaderData.siteId} />
      </div>
    </>
  );
}

/** The secret, once: selectable text without JavaScript, a copy button with it. */
function CreatedSecret({ name, secret }: { name: string; secret: string }) {
  const { t } = useAdminI18n();
  return (
    <ShownOnce
      id="api-key-created-title"
      testId="api-key-created"
      title={t("admin.apiKeys.secretTitle", { name })}
      warning={t("admin.apiKeys.secretWarning")}
      warningTestId="api-key-warning"
    >
      <p className="text-sm font-semibold text-gray-800">{t("admin.apiKeys.secretLabel")}</p>
      <CopyableCode
        value={secret}
        texts={{
          copy: t("admin.apiKeys.copy"),
          copied: t("admin.apiKeys.copied"),
          failed: t("admin.apiKeys.copyFailed"),
        }}
        testId="api-key-secret"
        copyTestId="copy-secret"
        statusTestId="copy-status"
      />
    </ShownOnce>
  );
}

/** Revoking asks first: the button that posts is inside the `<details>`, which works without JavaScript. */
function RevokeKey({ id, name }: { id: number; name: string }) {
  const { t } = useAdminI18n();
  return (
    <details className="group" data-testid="revoke">
      <summary className="btn-secondary w-fit cursor-pointer border-red-700 text-red-800" data-testid="revoke-open">
        {t("admin.apiKeys.revoke")}
        <span className="sr-only">: {name}</span>
      </summary>
      <Form method="post" className="mt-2 grid max-w-xs gap-2">
        <CsrfField />
        <input type="hidden" name="id" value={id} />
        <p className="text-sm">{t("admin.apiKeys.revokeConfirm")}</p>
        <button
          type="submit"
          name="intent"
          value="revoke"
          className="btn-secondary w-fit border-red-700 bg-red-700 text-white hover:bg-red-800"
          data-testid="revoke-submit"
        >
          {t("admin.apiKeys.revokeSubmit")}
        </button>
      </Form>
    </details>
  );
}

function CreateKeyForm({ failure }: { failure: FormFailure | null }) {
  const { t } = useAdminI18n();
  const { errors, formRef, onSubmit, onChange, values } = useForm(ApiKeySchema, failure, {
    lists: API_KEY_LISTS,
  });
  // What was ticked comes back as a list when several were, as one value when one was; none is none.
  const scopes = failure ? (failure.lists.scopes ?? (values.scopes ? [values.scopes] : [])) : ["catalog:read"];
  const labels = {
    name: t("admin.apiKeys.name"),
    scopes: t("admin.apiKeys.scopes"),
    rate_limit: t("admin.apiKeys.rateLimit"),
  };
  return (
    <AdminSection title={t("admin.apiKeys.createTitle")} testId="api-key-create">
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="api-key-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} labels={labels} />
        <div className="sm:max-w-md">
          <AdminInput
            name="name"
            label={labels.name}
            hint={t("admin.apiKeys.nameHint")}
            errors={errors}
            defaultValue={values.name}
            maxLength={API_KEY_NAME_MAX}
            autoComplete="off"
            required
          />
        </div>
        <AdminCheckboxGroup
          name="scopes"
          label={labels.scopes}
          hint={t("admin.apiKeys.scopesHint")}
          options={API_SCOPES.map((s) => ({ value: s, label: t(SCOPE_LABELS[s].long) }))}
          checked={scopes}
          errors={errors}
          required
        />
        <div className="sm:max-w-xs">
          <AdminNumber
            name="rate_limit"
            label={labels.rate_limit}
            hint={t("admin.apiKeys.rateLimitHint", {
              min: API_RATE_LIMIT_MIN,
              max: API_RATE_LIMIT_MAX.toLocaleString("en-US"),
              default: API_RATE_LIMIT_DEFAULT,
            })}
            errors={errors}
            defaultValue={values.rate_limit ?? String(API_RATE_LIMIT_DEFAULT)}
            maxLength={6}
          />
        </div>
        <div>
          <SubmitButton intent="create" testId="api-key-submit">
            {t("admin.apiKeys.createSubmit")}
          </SubmitButton>
        </div>
      </Form>
    </AdminSection>
  );
}

/** How a client calls the API: the two headers, and where the reference is. */
function Usage({ siteId }: { siteId: string }) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.apiKeys.usageTitle")} testId="api-key-usage">
      <p>{t("admin.apiKeys.usageLead")}</p>
      <pre className="overflow-x-auto rounded-md bg-gray-100 px-3 py-2 font-mono text-sm" data-testid="api-key-headers">
        {`Authorization: Bearer ${t("admin.apiKeys.usageKey")}\nX-Site-Id: ${siteId}`}
      </pre>
      <p>
        {/* A document of its own (not a route of this app's router): a plain link. */}
        <a href={API_DOCS_PATH} className="link tap" data-testid="api-docs-link">
          {t("admin.apiKeys.docs")}
        </a>
      </p>
    </AdminSection>
  );
}
