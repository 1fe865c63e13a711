import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { FormNotice, TextField } from "#app/components/form/fields";
import { ShowPasswordToggle } from "#app/components/form/member-fields";
import { useReasonText } from "#app/components/search/field-error";
import { redirectWithFlash } from "#app/lib/flash.server";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import { getSite, services } from "#app/lib/site.server";
import { localizePath } from "#common/locales";
import { findResetToken, resetPassword } from "#server/auth/password-reset";
import { PasswordResetSchema } from "#server/auth/password-reset.schema";
import type { Route } from "./+types/password-reset";

/** The link's token is checked before the form is shown: a used or expired one says so at once. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { siteId } = getSite(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = Boolean(await findResetToken(services(context).db, siteId, token));
  return { token: valid ? token : "", valid };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { siteId, locale } = getSite(context);
  const form = await request.formData();
  return handleForm(form, PasswordResetSchema, async (input) => {
    await resetPassword(services(context).db, siteId, input);
    return redirectWithFlash(request, localizePath(locale, `/${siteId}/login`), {
      kind: "success",
      key: "pwreset.flash.done",
    });
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "pwreset.reset.title");

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  const reasonText = useReasonText();
  const navigation = useNavigation();
  const [showPassword, setShowPassword] = useState(false);
  const { errors, formRef, onSubmit, onChange } = useForm(PasswordResetSchema, actionData);
  const busy = navigation.state === "submitting";
  const type = showPassword ? "text" : "password";
  useEffect(() => {
    if (!actionData) return;
    for (const name of ["password", "password_confirm"]) {
      const field = formRef.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = "";
    }
  }, [actionData, formRef]);
  const linkInvalid = !loaderData.valid || actionData?.errors?.form?.code === "reset_link_invalid";
  if (linkInvalid) {
    return (
      <main id="main" tabIndex={-1} className="mx-auto max-w-md px-4 py-8 outline-none">
        <h1 className="text-2xl font-bold" data-testid="page-title">
          {t("pwreset.invalid.title")}
        </h1>
        <section className="card mt-6 flex flex-col gap-3 p-5">
          <p role="alert" className="font-semibold text-red-900" data-testid="reset-invalid">
            {reasonText({ code: "reset_link_invalid" })}
          </p>
          <Link to={sitePath(shell, "/password_request")} className="btn-primary w-full" data-testid="request-again">
            {t("pwreset.invalid.requestAgain")}
          </Link>
        </section>
      </main>
    );
  }
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-md px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("pwreset.reset.title")}
      </h1>
      <p className="mt-2 text-gray-700">{t("pwreset.reset.lead")}</p>
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="card mt-6 flex flex-col gap-4 p-5"
        data-testid="password-reset-form"
      >
        <CsrfField />
        <FormNotice errors={errors} />
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          name="password"
          type={type}
          label="pwreset.reset.password"
          hint="member.passwordHint"
          required
          errors={errors}
          autoComplete="new-password"
          maxLength={128}
        />
        <TextField
          name="password_confirm"
          type={type}
          label="pwreset.reset.confirm"
          hint="member.passwordConfirmHint"
          required
          errors={errors}
          autoComplete="new-password"
          maxLength={128}
        />
        <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
        <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="password-reset-submit">
          {busy ? t("form.submitting") : t("pwreset.reset.submit")}
        </button>
      </Form>
    </main>
  );
}
