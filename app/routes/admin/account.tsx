import { Form, Link } from "react-router";
import { AdminErrorSummary, AdminInput } from "#app/components/admin/fields";
import { AdminLanguageSwitch } from "#app/components/admin/language-switch";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminFrame, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { clientIpOf, redirectWithAdminFlash, requireStaffAccess, startAdminSession } from "#app/lib/admin.server";
import { formFailure, handleForm } from "#app/lib/form-action.server";
import { NO_FORM_ERRORS, useFormValidation } from "#app/lib/forms";
import { PasswordChangeSchema } from "#server/members/member.schema";
import { changeStaffPassword } from "#server/staff/accounts";
import { needsTwoFactor } from "#server/staff/permissions";
import { TwoFactorCodeSchema } from "#server/staff/staff.schema";
import { disableTwoFactor, recoveryCodesLeft } from "#server/staff/two-factor";
import type { Route } from "./+types/account";

/** The signed-in staff member's own account: language, password, two-factor sign-in. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { staff, siteId, db } = requireStaffAccess(context, request);
  return {
    twoFactorOffered: needsTwoFactor(staff.role),
    recoveryCodesLeft: staff.twoFactorEnabled ? await recoveryCodesLeft(db, siteId, staff.id) : 0,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const {
    staff,
    actor,
    siteId,
    db,
    services: { sleep },
  } = requireStaffAccess(context, request);
  const form = await request.formData();
  const here = new URL(request.url).pathname;
  switch (form.get("intent")) {
    case "password":
      return handleForm(form, PasswordChangeSchema, async (input) => {
        await changeStaffPassword(db, siteId, actor, input);
        // Every session ended with the old password; this browser continues on a new one.
        await startAdminSession(context, request, { staffId: staff.id, twoFactorPending: false });
        return redirectWithAdminFlash(request, here, { kind: "success", key: "admin.account.passwordChanged" });
      });
    case "two-factor-off":
      return handleForm(form, TwoFactorCodeSchema, async ({ code }) => {
        const input = { code, clientIp: clientIpOf(context) };
        await disableTwoFactor(db, siteId, actor, input, sleep);
        return redirectWithAdminFlash(request, here, { kind: "success", key: "admin.account.twoFactorDisabled" });
      });
    default:
      return formFailure(form, { form: { code: "invalid_input" } });
  }
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.account.title"));

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const { staff } = useAdminFrame();
  const path = useAdminPath();
  const intent = actionData?.values.intent;
  const password = useFormValidation(
    PasswordChangeSchema,
    intent === "password" ? (actionData?.errors ?? NO_FORM_ERRORS) : NO_FORM_ERRORS,
  );
  const off = useFormValidation(
    TwoFactorCodeSchema,
    intent === "two-factor-off" ? (actionData?.errors ?? NO_FORM_ERRORS) : NO_FORM_ERRORS,
  );
  if (!staff) return null;
  return (
    <>
      <AdminPageHeader title={t("admin.account.title")} />
      <div className="grid gap-4">
        <AdminSection title={t("admin.account.profile")}>
          <dl className="grid gap-2 sm:grid-cols-[10rem_1fr]">
            <dt className="font-semibold">{t("admin.account.name")}</dt>
            <dd>{staff.name || "—"}</dd>
            <dt className="font-semibold">{t("admin.account.email")}</dt>
            <dd data-testid="account-email">{staff.email}</dd>
            <dt className="font-semibold">{t("admin.account.role")}</dt>
            <dd>{t(`admin.role.${staff.role}`)}</dd>
          </dl>
        </AdminSection>
        <AdminSection title={t("admin.account.language")}>
          <AdminLanguageSwitch />
        </AdminSection>
        <AdminSection title={t("admin.account.twoFactor")} testId="two-factor-section">
          {!loaderData.twoFactorOffered ? (
            <p className="text-gray-700">{t("admin.account.twoFactorNotOffered")}</p>
          ) : staff.twoFactorEnabled ? (
            <>
              <p data-testid="two-factor-status" data-on="true">
                {t("admin.account.twoFactorOn", { count: loaderData.recoveryCodesLeft })}
              </p>
              <Form method="post" ref={off.formRef} onSubmit={off.onSubmit} noValidate className="grid max-w-sm gap-3">
                <CsrfField />
                <input type="hidden" name="intent" value="two-factor-off" />
                <AdminErrorSummary errors={off.errors} />
                <AdminInput
                  name="code"
                  label={t("admin.twoFactor.code")}
                  hint={t("admin.account.twoFactorDisableHint")}
                  errors={off.errors}
                  autoComplete="one-time-code"
                  required
                />
                <button type="submit" className="btn-secondary w-fit">
                  {t("admin.account.twoFactorDisable")}
                </button>
              </Form>
            </>
          ) : (
            <>
              <p data-testid="two-factor-status" data-on="false">
                {t("admin.account.twoFactorOff")}
              </p>
              <Link to={path("/account/two-factor")} className="btn-primary w-fit" data-testid="two-factor-start">
                {t("admin.account.twoFactorStart")}
              </Link>
            </>
          )}
        </AdminSection>
        <AdminSection title={t("admin.account.password")}>
          <Form
            method="post"
            ref={password.formRef}
            onSubmit={password.onSubmit}
            onChange={password.onChange}
            noValidate
            className="grid max-w-sm gap-3"
            data-testid="password-change-form"
          >
            <CsrfField />
            <input type="hidden" name="intent" value="password" />
            <AdminErrorSummary errors={password.errors} />
            <AdminInput
              name="current_password"
              type="password"
              label={t("admin.account.currentPassword")}
              errors={password.errors}
              autoComplete="current-password"
              required
            />
            <AdminInput
              name="password"
              type="password"
              label={t("admin.account.newPassword")}
              hint={t("admin.invite.passwordHint")}
              errors={password.errors}
              autoComplete="new-password"
              required
            />
            <AdminInput
              name="password_confirm"
              type="password"
              label={t("admin.account.newPasswordConfirm")}
              errors={password.errors}
              autoComplete="new-password"
              required
            />
            <SubmitButton>{t("admin.account.passwordSubmit")}</SubmitButton>
          </Form>
        </AdminSection>
      </div>
    </>
  );
}
