import { data } from "react-router";
import { CreateKeyForm } from "#app/components/admin/api-keys/create-key-form";
import { CreatedSecret } from "#app/components/admin/api-keys/created-secret";
import { KeysTable } from "#app/components/admin/api-keys/keys-table";
import { Usage } from "#app/components/admin/api-keys/usage";
import { AdminPageHeader } from "#app/components/admin/page";
import { adminMeta, useAdminI18n } from "#app/lib/admin";
import { redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { handleForm } from "#app/lib/form-action.server";
import { adminPath } from "#common/admin";
import { notFoundError } from "#server/errors";
import { API_KEY_LISTS, ApiKeySchema } from "#server/integrations/api-key.schema";
import { createApiKey, listApiKeys, revokeApiKey } from "#server/integrations/api-keys";
import type { Route } from "./+types/api-keys";

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

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.apiKeys.title"));

export default function AdminApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const created = actionData && "created" in actionData ? actionData.created : null;
  const failure = actionData && "errors" in actionData ? actionData : null;
  return (
    <>
      <AdminPageHeader title={t("admin.apiKeys.title")} lead={t("admin.apiKeys.lead")} />
      {created ? <CreatedSecret key={created.id} name={created.name} secret={created.secret} /> : null}
      <div className="grid gap-6">
        <KeysTable keys={loaderData.keys} />
        {/* A new form after each key made: the next one starts empty. */}
        <CreateKeyForm key={created?.id ?? "new"} failure={failure} />
        <Usage siteId={loaderData.siteId} />
      </div>
    </>
  );
}
