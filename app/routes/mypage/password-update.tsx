import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { FormNotice, TextField } from "#app/components/form/fields";
import { ShowPasswordToggle } from "#app/components/form/member-fields";
import { redirectWithFlash } from "#app/lib/flash.server";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { requireUser } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { getSession } from "#app/lib/session.server";
import { getSite, services } from "#app/lib/site.server";
import { localizePath } from "#common/locales";
import { PasswordChangeSchema } from "#server/members/member.schema";
import { changePassword } from "#server/members/password-change";
import type { Route } from "./+types/password-update";

/**
 * Password change (spec §4): the current password is required and checked. On success the
 * session id rotates and the member's other sessions end.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const member = await requireUser(context, request);
  const { siteId, locale } = getSite(context);
  const form = await request.formData();
  return handleForm(form, PasswordChangeSchema, async (input) => {
    await changePassword(services(context).db, siteId, member.id, input);
    await getSession(context).rotate();
    return redirectWithFlash(request, localizePath(locale, `/${siteId}/mypage/password-update`), {
      kind: "success",
      key: "member.flash.passwordChanged",
    });
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "member.password.title");

export default function PasswordUpdate({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const [showPassword, setShowPassword] = useState(false);
  const { errors, formRef, onSubmit, onChange } = useForm(PasswordChangeSchema, actionData);
  const busy = navigation.state === "submitting";
  const type = showPassword ? "text" : "password";
  // Passwords are never sent back: a refused form starts empty again.
  useEffect(() => {
    if (!actionData) return;
    for (const name of ["current_password", "password", "password_confirm"]) {
      const field = formRef.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = "";
    }
  }, [actionData, formRef]);
  return (
    <main id="main" tabIndex={-1} className="max-w-xl outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("member.password.title")}
      </h1>
      <p className="mt-2 text-gray-700">{t("member.password.lead")}</p>
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="card mt-6 flex flex-col gap-4 p-5"
        data-testid="password-form"
      >
        <CsrfField />
        <FormNotice errors={errors} />
        <TextField
          name="current_password"
          type={type}
          label="member.password.current"
          required
          errors={errors}
          autoComplete="current-password"
          maxLength={128}
        />
        <TextField
          name="password"
          type={type}
          label="member.password.new"
          hint="member.passwordHint"
          required
          errors={errors}
          autoComplete="new-password"
          maxLength={128}
        />
        <TextField
          name="password_confirm"
          type={type}
          label="member.password.confirm"
          hint="member.passwordConfirmHint"
          required
          errors={errors}
          autoComplete="new-password"
          maxLength={128}
        />
        <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
        <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="password-submit">
          {busy ? t("form.submitting") : t("member.password.submit")}
        </button>
      </Form>
    </main>
  );
}
