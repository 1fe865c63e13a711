import { useEffect, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { AdminAuthFrame } from "#app/components/admin/auth-frame";
import { AdminErrorSummary, AdminInput } from "#app/components/admin/fields";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminFrame, useAdminI18n, useAdminPath } from "#app/lib/admin";
import {
  afterSignIn,
  clientIpOf,
  getAdminSite,
  redirectWithAdminFlash,
  requireNoStaff,
  startAdminSession,
} from "#app/lib/admin.server";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { services } from "#app/lib/site.server";
import { adminPath } from "#common/admin";
import { LoginSchema, safeReturnPath } from "#server/auth/fields.schema";
import { verifyStaffLogin } from "#server/staff/accounts";
import type { Route } from "./+types/login";

export function loader({ context, request }: Route.LoaderArgs) {
  requireNoStaff(context);
  return { redirect: safeReturnPath(new URL(request.url).searchParams.get("redirect")) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { siteId } = getAdminSite(context);
  const form = await request.formData();
  return handleForm(form, LoginSchema, async (input) => {
    const { db, sleep } = services(context);
    const signedIn = await verifyStaffLogin(db, siteId, { ...input, clientIp: clientIpOf(context) }, { sleep });
    await startAdminSession(context, request, { staffId: signedIn.staffId, twoFactorPending: signedIn.twoFactor });
    const requested = form.get("redirect");
    const next = afterSignIn(siteId, typeof requested === "string" ? requested : null);
    if (signedIn.twoFactor) {
      throw redirect(`${adminPath(siteId, "/login/two-factor")}?${new URLSearchParams({ redirect: next })}`);
    }
    return redirectWithAdminFlash(request, next, { kind: "success", key: "admin.login.flash" });
  });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.login.title"));

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const { siteTitle } = useAdminFrame();
  const path = useAdminPath();
  const navigation = useNavigation();
  const [showPassword, setShowPassword] = useState(false);
  const { errors, formRef, onSubmit, onChange, values } = useForm(null, actionData);
  // A refused password is never shown again.
  useEffect(() => {
    const field = formRef.current?.elements.namedItem("password");
    if (actionData && field instanceof HTMLInputElement) field.value = "";
  }, [actionData, formRef]);
  return (
    <AdminAuthFrame title={t("admin.login.title")} lead={t("admin.login.lead", { site: siteTitle })}>
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="admin-login-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        {loaderData.redirect ? <input type="hidden" name="redirect" value={loaderData.redirect} /> : null}
        <AdminInput
          name="email"
          type="email"
          label={t("admin.login.email")}
          required
          errors={errors}
          autoComplete="username"
          inputMode="email"
          defaultValue={values.email}
        />
        <AdminInput
          name="password"
          type={showPassword ? "text" : "password"}
          label={t("admin.login.password")}
          required
          errors={errors}
          autoComplete="current-password"
        />
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.currentTarget.checked)} />
          {t("admin.login.showPassword")}
        </label>
        <button
          type="submit"
          className="btn-primary w-full"
          disabled={navigation.state === "submitting"}
          data-testid="login-submit"
        >
          {t("admin.login.submit")}
        </button>
        <Link to={path("/password_request")} className="link tap w-fit" data-testid="forgot-password">
          {t("admin.login.forgot")}
        </Link>
      </Form>
    </AdminAuthFrame>
  );
}
