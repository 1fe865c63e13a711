import { Form } from "react-router";
import { AdminAuthFrame } from "#app/components/admin/auth-frame";
import { AdminErrorSummary, AdminInput } from "#app/components/admin/fields";
import { SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import {
  afterSignIn,
  clientIpOf,
  getAdminSite,
  redirectWithAdminFlash,
  requirePendingStaff,
  startAdminSession,
} from "#app/lib/admin.server";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { services } from "#app/lib/site.server";
import { safeReturnPath } from "#server/auth/fields.schema";
import { TwoFactorCodeSchema } from "#server/staff/staff.schema";
import { completeTwoFactorSignIn } from "#server/staff/two-factor";
import type { Route } from "./+types/two-factor";

/** The second step of signing in for those with two-factor sign-in on: a code from the app, or a recovery code. */
export function loader({ context, request }: Route.LoaderArgs) {
  requirePendingStaff(context);
  return { redirect: safeReturnPath(new URL(request.url).searchParams.get("redirect")) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const session = requirePendingStaff(context);
  const { siteId } = getAdminSite(context);
  const form = await request.formData();
  return handleForm(form, TwoFactorCodeSchema, async ({ code }) => {
    const staffId = session.staff.id;
    const { db, sleep } = services(context);
    const input = { staffId, email: session.staff.email, code, clientIp: clientIpOf(context) };
    const result = await completeTwoFactorSignIn(db, siteId, input, Date.now(), sleep);
    // The session the password opened is replaced by one the second factor completes.
    await startAdminSession(context, request, { staffId, twoFactorPending: false });
    const requested = form.get("redirect");
    const next = afterSignIn(siteId, typeof requested === "string" ? requested : null);
    return result.usedRecoveryCode
      ? redirectWithAdminFlash(request, next, {
          kind: "danger",
          key: "admin.twoFactor.recoveryUsed",
          params: { count: result.recoveryCodesLeft },
        })
      : redirectWithAdminFlash(request, next, { kind: "success", key: "admin.login.flash" });
  });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.twoFactor.title"));

export default function AdminTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const { errors, formRef, onSubmit, onChange } = useForm(TwoFactorCodeSchema, actionData);
  return (
    <AdminAuthFrame title={t("admin.twoFactor.title")} lead={t("admin.twoFactor.lead")}>
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="two-factor-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        {loaderData.redirect ? <input type="hidden" name="redirect" value={loaderData.redirect} /> : null}
        <AdminInput
          name="code"
          label={t("admin.twoFactor.code")}
          hint={t("admin.twoFactor.codeHint")}
          required
          errors={errors}
          autoComplete="one-time-code"
          autoFocus
          spellCheck={false}
          maxLength={20}
        />
        <SubmitButton testId="two-factor-submit">{t("admin.twoFactor.submit")}</SubmitButton>
      </Form>
      <Form method="post" action={path("/logout")}>
        <CsrfField />
        <button type="submit" className="link tap">
          {t("admin.twoFactor.cancel")}
        </button>
      </Form>
    </AdminAuthFrame>
  );
}
