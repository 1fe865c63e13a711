import { Form, Link, redirect, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { FormNotice, TextField } from "#app/components/form/fields";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import { getSite, services } from "#app/lib/site.server";
import { passwordResetMail } from "#app/presenters/password-mail.server";
import { localizePath } from "#common/locales";
import { requestReset } from "#server/auth/password-reset";
import { PasswordRequestSchema } from "#server/auth/password-reset.schema";
import type { Route } from "./+types/password-request";

/**
 * Password recovery and first password (spec §2 /password_request, §4): the answer is the same
 * page whether or not the address is a member's, so it tells nobody who is registered.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { siteId, locale } = getSite(context);
  const { db, mailer } = services(context);
  const form = await request.formData();
  return handleForm(form, PasswordRequestSchema, async (input) => {
    await requestReset(db, siteId, input, { mailer, locale, ...passwordResetMail(context, request, locale) });
    return redirect(localizePath(locale, `/${siteId}/password_reset_mail_send`));
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "pwreset.request.title");

export default function PasswordRequest({ actionData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  const navigation = useNavigation();
  const { errors, formRef, onSubmit, onChange } = useForm(PasswordRequestSchema, actionData);
  const busy = navigation.state === "submitting";
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-md px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("pwreset.request.title")}
      </h1>
      <p className="mt-2 text-gray-700">{t("pwreset.request.lead")}</p>
      <p className="mt-2 text-gray-700" data-testid="store-note">
        {t("pwreset.request.storeNote")}
      </p>
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="card mt-6 flex flex-col gap-4 p-5"
        data-testid="password-request-form"
      >
        <CsrfField />
        <FormNotice errors={errors} />
        <TextField
          name="email"
          type="email"
          label="pwreset.request.email"
          required
          errors={errors}
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          defaultValue={actionData?.values?.email}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="password-request-submit">
          {busy ? t("form.submitting") : t("pwreset.request.submit")}
        </button>
        <Link to={sitePath(shell, "/login")} className="link tap self-start">
          {t("pwreset.backToLogin")}
        </Link>
      </Form>
    </main>
  );
}
