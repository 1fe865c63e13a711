import { useRef, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { FormNotice } from "#app/components/form/fields";
import { MemberFields, RegistrationSteps } from "#app/components/form/member-fields";
import { type FormFailure, handleForm } from "#app/lib/form-action.server";
import { NO_FORM_ERRORS, useFormValidation } from "#app/lib/forms";
import { requireGuest } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { getSession } from "#app/lib/session.server";
import { sitePath, useSite } from "#app/lib/site";
import { getSite, services } from "#app/lib/site.server";
import { localizePath } from "#common/locales";
import { DEFAULT_BIRTH_YEAR } from "#common/member-form";
import { profileFormValues, RegistrationSchema } from "#server/members/member.schema";
import { prepareRegistration, REGISTRATION_DRAFT_KEY, readDraft } from "#server/members/registration";
import type { Route } from "./+types/user-regist";

/** A new form: an individual, gender unset, no newsletter, birth year 1990 (spec §3). */
const DEFAULTS: Record<string, string> = {
  user_type: "1",
  gender: "",
  newsletter: "0",
  birth_year: String(DEFAULT_BIRTH_YEAR),
  birth_month: "",
  birth_day: "",
};

/**
 * The input step. Back from the confirmation refills every field from the draft but the
 * password, which is only kept as a hash; a draft that `/user/register` refused brings its reason.
 */
export async function loader({ context }: Route.LoaderArgs) {
  await requireGuest(context);
  const draft = readDraft((await getSession(context).data())[REGISTRATION_DRAFT_KEY]);
  if (!draft) return { values: DEFAULTS, fromDraft: false, errors: null };
  return {
    values: profileFormValues(draft.profile),
    fromDraft: true,
    errors: draft.error ? { email: { code: draft.error } } : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  await requireGuest(context);
  const { siteId, locale } = getSite(context);
  const { db } = services(context);
  const form = await request.formData();
  return handleForm(form, RegistrationSchema, async (input) => {
    const draft = await prepareRegistration(db, siteId, input);
    await getSession(context).setData(REGISTRATION_DRAFT_KEY, draft);
    return redirect(localizePath(locale, `/${siteId}/user/confirm`));
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "member.regist.title");

function RegistForm({
  values,
  serverErrors,
  reenterPassword,
  onReset,
}: {
  values: Record<string, string>;
  serverErrors: FormFailure["errors"];
  reenterPassword: boolean;
  onReset: () => void;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { errors, formRef, onSubmit, onChange } = useFormValidation(null, serverErrors);
  const busy = navigation.state === "submitting";
  return (
    <Form
      method="post"
      ref={formRef}
      onSubmit={(event) => {
        onSubmit(event);
        // The birth date's message belongs to its three selects: focus the first one.
        const form = event.currentTarget;
        if (event.defaultPrevented && !form.contains(document.activeElement)) {
          form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        }
      }}
      onChange={onChange}
      noValidate
      className="mt-6 flex flex-col gap-4"
      data-testid="regist-form"
    >
      <CsrfField />
      <FormNotice errors={errors} />
      <MemberFields mode="regist" values={values} errors={errors} reenterPassword={reenterPassword} />
      <div className="flex flex-col gap-3">
        <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="regist-submit">
          {busy ? t("form.submitting") : t("member.regist.submit")}
        </button>
        <button
          type="reset"
          className="btn-secondary w-full"
          data-testid="regist-reset"
          onClick={(event) => {
            event.preventDefault();
            onReset();
          }}
        >
          {t("member.regist.reset")}
        </button>
      </div>
    </Form>
  );
}

export default function UserRegist({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  // Reset remounts the form with the defaults (and without the server's messages).
  const [resets, setResets] = useState(0);
  // The server's answer at the last reset: only a newer one shows again.
  const [resetAnswer, setResetAnswer] = useState<typeof actionData>(undefined);
  const [announce, setAnnounce] = useState("");
  const titleRef = useRef<HTMLHeadingElement>(null);
  const answer = actionData && actionData !== resetAnswer ? actionData : undefined;
  const values = answer?.values ?? (resets > 0 ? DEFAULTS : loaderData.values);
  const serverErrors = answer?.errors ?? (resets > 0 ? NO_FORM_ERRORS : (loaderData.errors ?? NO_FORM_ERRORS));
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-8 outline-none">
      <h1 ref={titleRef} tabIndex={-1} className="text-2xl font-bold outline-none" data-testid="page-title">
        {t("member.regist.title")}
      </h1>
      <RegistrationSteps current={0} />
      <p className="mt-4 text-gray-700">{t("member.regist.lead")}</p>
      <p role="status" className="sr-only" data-testid="reset-status">
        {announce}
      </p>
      <RegistForm
        key={resets}
        values={values}
        serverErrors={serverErrors}
        reenterPassword={resets === 0 && !actionData && loaderData.fromDraft}
        onReset={() => {
          setResets((n) => n + 1);
          setResetAnswer(actionData);
          setAnnounce(t("member.regist.resetDone"));
          titleRef.current?.focus();
        }}
      />
      <p className="mt-6">
        <Link to={sitePath(shell, "/login")} className="link tap" data-testid="login-link">
          {t("member.regist.haveAccount")}
        </Link>
      </p>
    </main>
  );
}
