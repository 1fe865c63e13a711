import { Form } from "react-router";
import { AdminAuthFrame } from "#app/components/admin/auth-frame";
import { AdminErrorSummary, AdminInput } from "#app/components/admin/fields";
import { SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminT, adminMeta, useAdminFrame, useAdminI18n } from "#app/lib/admin";
import { getAdminSite, redirectWithAdminFlash, requireNoStaff } from "#app/lib/admin.server";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { services } from "#app/lib/site.server";
import { adminPath } from "#common/admin";
import { PasswordResetSchema } from "#server/auth/password-reset.schema";
import { findStaffToken, setStaffPasswordFromLink } from "#server/staff/accounts";
import type { Route } from "./+types/password-link";

/**
 * A mailed link's page: `/invitation` (an invitee sets their first password) and `/password_reset`
 * (a new one). The token is checked on arrival and again, once and for all, when the form is sent.
 */
const kindOf = (request: Request) =>
  new URL(request.url).pathname.replace(/\.data$/, "").endsWith("/invitation") ? "invitation" : "password_reset";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireNoStaff(context);
  const { siteId } = getAdminSite(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const kind = kindOf(request);
  const found = await findStaffToken(services(context).db, siteId, kind, token);
  return { kind, token: found ? token : null, email: found?.email ?? null };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { siteId } = getAdminSite(context);
  const kind = kindOf(request);
  const form = await request.formData();
  return handleForm(form, PasswordResetSchema, async (input) => {
    await setStaffPasswordFromLink(services(context).db, siteId, kind, input);
    return redirectWithAdminFlash(request, adminPath(siteId, "/login"), {
      kind: "success",
      key: kind === "invitation" ? "admin.invite.done" : "admin.reset.done",
    });
  });
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return data.kind === "invitation" ? t("admin.invite.title") : t("admin.reset.title");
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminPasswordLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t, reasonText } = useAdminI18n();
  const { siteTitle } = useAdminFrame();
  const { errors, formRef, onSubmit, onChange } = useForm(PasswordResetSchema, actionData);
  const invitation = loaderData.kind === "invitation";
  const title = pageTitle(t, loaderData);
  if (!loaderData.token) {
    return (
      <AdminAuthFrame title={title}>
        <p role="alert" className="font-semibold text-red-800" data-testid="link-invalid">
          {reasonText({ code: "invitation_invalid" })}
        </p>
      </AdminAuthFrame>
    );
  }
  return (
    <AdminAuthFrame
      title={title}
      lead={invitation ? t("admin.invite.lead", { site: siteTitle, email: loaderData.email ?? "" }) : undefined}
    >
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="password-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        <input type="hidden" name="token" value={loaderData.token} />
        <AdminInput
          name="password"
          type="password"
          label={t("admin.invite.password")}
          hint={t("admin.invite.passwordHint")}
          required
          errors={errors}
          autoComplete="new-password"
        />
        <AdminInput
          name="password_confirm"
          type="password"
          label={t("admin.invite.passwordConfirm")}
          required
          errors={errors}
          autoComplete="new-password"
        />
        <SubmitButton testId="password-submit">
          {invitation ? t("admin.invite.submit") : t("admin.reset.submit")}
        </SubmitButton>
      </Form>
    </AdminAuthFrame>
  );
}
