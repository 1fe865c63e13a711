import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { FormNotice, TextField } from "#app/components/form/fields";
import { useForm } from "#app/lib/forms";
import { requireGuest } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { signIn } from "#app/lib/sign-in.server";
import { sitePath, useSite } from "#app/lib/site";
import { getSite } from "#app/lib/site.server";
import { localizePath } from "#common/locales";
import { LoginSchema, safeReturnPath } from "#server/auth/fields.schema";
import type { Route } from "./+types/login";

/** Where a login goes next: the page that asked for it when it is on this site, else My Page. */
function nextPath(siteId: string, locale: Parameters<typeof localizePath>[0], requested: string | null): string {
  const path = safeReturnPath(requested);
  const site = localizePath(locale, `/${siteId}`);
  return path && (path === site || path.startsWith(`${site}/`) || path.startsWith(`${site}?`))
    ? path
    : `${site}/mypage`;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireGuest(context);
  return { redirect: safeReturnPath(new URL(request.url).searchParams.get("redirect")) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { siteId, locale } = getSite(context);
  return signIn(context, request, (form) => {
    const requested = form.get("redirect");
    return nextPath(siteId, locale, typeof requested === "string" ? requested : null);
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "login.title");

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  const navigation = useNavigation();
  const [showPassword, setShowPassword] = useState(false);
  const { errors, formRef, onSubmit, onChange, values } = useForm(LoginSchema, actionData);
  const busy = navigation.state === "submitting";
  // A refused password is never shown again: the field empties with each answer.
  useEffect(() => {
    const field = formRef.current?.elements.namedItem("password");
    if (actionData && field instanceof HTMLInputElement) field.value = "";
  }, [actionData, formRef]);
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-md px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("login.title")}
      </h1>
      <p className="mt-2 text-gray-700">{t("login.lead")}</p>
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="card mt-6 flex flex-col gap-4 p-5"
        data-testid="login-form"
      >
        <CsrfField />
        <FormNotice errors={errors} />
        {loaderData.redirect ? <input type="hidden" name="redirect" value={loaderData.redirect} /> : null}
        <TextField
          name="email"
          type="email"
          label="login.email"
          required
          errors={errors}
          autoComplete="username"
          inputMode="email"
          defaultValue={values.email}
        />
        <TextField
          name="password"
          type={showPassword ? "text" : "password"}
          label="login.password"
          required
          errors={errors}
          autoComplete="current-password"
        />
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.currentTarget.checked)} />
          {t("login.showPassword")}
        </label>
        <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="login-submit">
          {busy ? t("form.submitting") : t("login.submit")}
        </button>
        <Link to={sitePath(shell, "/password_request")} className="link tap self-start" data-testid="forgot-password">
          {t("login.forgot")}
        </Link>
      </Form>
      <section className="card mt-4 p-5">
        <p className="text-sm text-gray-800">{t("login.storeRegistered")}</p>
        <Link to={sitePath(shell, "/password_request")} className="link tap mt-1" data-testid="set-first-password">
          {t("login.setPassword")}
        </Link>
      </section>
      <section className="card mt-4 p-5">
        <h2 className="font-bold">{t("login.newMember")}</h2>
        <Link to={sitePath(shell, "/user/regist")} className="btn-secondary mt-3 w-full" data-testid="register-link">
          {t("login.register")}
        </Link>
      </section>
    </main>
  );
}
