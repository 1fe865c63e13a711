import { Form, Link } from "react-router";
import { AdminAuthFrame } from "#app/components/admin/auth-frame";
import { AdminErrorSummary, AdminInput } from "#app/components/admin/fields";
import { SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { getAdminSite, redirectWithAdminFlash, requireNoStaff } from "#app/lib/admin.server";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { publicOrigin } from "#app/lib/seo.server";
import { services } from "#app/lib/site.server";
import { siteTitleIn, staffLinkFor, staffLinkMail } from "#app/presenters/staff-mail.server";
import { adminPath } from "#common/admin";
import { PasswordRequestSchema } from "#server/auth/password-reset.schema";
import { requestStaffPasswordReset } from "#server/staff/accounts";
import type { Route } from "./+types/password-request";

export function loader({ context }: Route.LoaderArgs) {
  requireNoStaff(context);
  return null;
}

/** Mails a reset link when the address has an account; the answer is the same either way. */
export async function action({ context, request }: Route.ActionArgs) {
  const { siteId, bundle } = getAdminSite(context);
  const { db, mailer } = services(context);
  const form = await request.formData();
  return handleForm(form, PasswordRequestSchema, async (input) => {
    await requestStaffPasswordReset(db, siteId, input, {
      mailer,
      mail: staffLinkMail(siteTitleIn(siteId, bundle.settings), "reset"),
      linkFor: staffLinkFor(publicOrigin(request, context), siteId, "reset"),
    });
    return redirectWithAdminFlash(request, adminPath(siteId, "/login"), { kind: "success", key: "admin.reset.sent" });
  });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.reset.requestTitle"));

export default function AdminPasswordRequest({ actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const { errors, formRef, onSubmit, onChange } = useForm(PasswordRequestSchema, actionData);
  return (
    <AdminAuthFrame title={t("admin.reset.requestTitle")} lead={t("admin.reset.requestLead")}>
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="password-request-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        <AdminInput
          name="email"
          type="email"
          label={t("admin.login.email")}
          required
          errors={errors}
          autoComplete="username"
          inputMode="email"
          defaultValue={actionData?.values.email}
        />
        <SubmitButton>{t("admin.reset.requestSubmit")}</SubmitButton>
      </Form>
      <Link to={path("/login")} className="link tap w-fit">
        {t("admin.login.title")}
      </Link>
    </AdminAuthFrame>
  );
}
