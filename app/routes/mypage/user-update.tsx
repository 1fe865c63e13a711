import { Form, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { FormNotice } from "#app/components/form/fields";
import { MemberFields } from "#app/components/form/member-fields";
import { redirectWithFlash } from "#app/lib/flash.server";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { requireUser } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { getSite, services } from "#app/lib/site.server";
import { localizePath } from "#common/locales";
import { ProfileUpdateSchema, profileFormValues } from "#server/members/member.schema";
import { getProfile, updateProfile } from "#server/members/profile";
import type { Route } from "./+types/user-update";

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = await requireUser(context, request);
  const { siteId } = getSite(context);
  const profile = await getProfile(services(context).db, siteId, member.id);
  return { values: profileFormValues({ ...profile, prefCode: profile.prefCode ?? 0 }) };
}

/** Profile edit with the registration rules; a new e-mail needs the current password (spec §4). */
export async function action({ context, request }: Route.ActionArgs) {
  const member = await requireUser(context, request);
  const { siteId, locale } = getSite(context);
  const form = await request.formData();
  return handleForm(form, ProfileUpdateSchema, async (input) => {
    await updateProfile(services(context).db, siteId, member.id, input);
    return redirectWithFlash(request, localizePath(locale, `/${siteId}/mypage/user/update`), {
      kind: "success",
      key: "member.flash.updated",
    });
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "member.update.title");

export default function UserUpdate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { errors, formRef, onSubmit, onChange, values } = useForm(ProfileUpdateSchema, actionData, {
    values: loaderData.values,
  });
  const busy = navigation.state === "submitting";
  return (
    <main id="main" tabIndex={-1} className="max-w-xl outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("member.update.title")}
      </h1>
      <p className="mt-2 text-gray-700">{t("member.update.lead")}</p>
      <Form
        method="post"
        ref={formRef}
        onSubmit={(event) => {
          onSubmit(event);
          const form = event.currentTarget;
          if (event.defaultPrevented && !form.contains(document.activeElement)) {
            form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
          }
        }}
        onChange={onChange}
        noValidate
        className="mt-6 flex flex-col gap-4"
        data-testid="profile-form"
      >
        <CsrfField />
        <FormNotice errors={errors} />
        {/* After a save the page loads again: a new key refills the fields from the saved profile. */}
        <MemberFields key={JSON.stringify(loaderData.values)} mode="update" values={values} errors={errors} />
        <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="profile-submit">
          {busy ? t("form.submitting") : t("member.update.submit")}
        </button>
      </Form>
    </main>
  );
}
