import { useEffect } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { BookingSteps } from "#app/components/booking/booking-summary";
import { StepAside, stepColumnsClass, stepMainClass } from "#app/components/booking/step-aside";
import { CsrfField } from "#app/components/csrf-field";
import { FormNotice, TextField } from "#app/components/form/fields";
import { FlowExitLink } from "#app/lib/embed";
import { useForm } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import { optionsPath, requireReserveSession, reservePath } from "#app/lib/reserve-session.server";
import { privateMeta } from "#app/lib/seo";
import { getMember } from "#app/lib/session.server";
import { signIn } from "#app/lib/sign-in.server";
import { sitePath, useSite } from "#app/lib/site";
import { getSite } from "#app/lib/site.server";
import { bookingSummary } from "#app/presenters/booking.server";
import { LoginSchema } from "#server/auth/fields.schema";
import type { Route } from "./+types/login";

/**
 * The customer step's door (spec §2 `/reserve/login`): log in, register, or, when the site takes
 * bookings from non-members (`is_disp_non_member`), go on as a guest. A member goes straight on.
 * The login form posts here, so a refused password is said on this step, inside the client's frame
 * too (decision 025), and a login goes on to the customer step.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const session = await requireReserveSession(context);
  if (await getMember(context)) throw redirect(reservePath(context, "/reserve/user"));
  const { bundle, locale } = getSite(context);
  const userPath = reservePath(context, "/reserve/user");
  return {
    summary: bookingSummary(bundle, session, locale),
    allowGuest: bundle.settings.isDispNonMember,
    optionsHref: optionsPath(context, session),
    userPath,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  await requireReserveSession(context);
  return signIn(context, request, () => reservePath(context, "/reserve/user"));
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "booking.login.title");

export default function ReserveLogin({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  const navigation = useNavigation();
  const { errors, formRef, onSubmit, onChange } = useForm(LoginSchema, actionData);
  const busy = navigation.state === "submitting";
  // A refused password is never shown again: the field empties with each answer.
  useEffect(() => {
    const field = formRef.current?.elements.namedItem("password");
    if (actionData && field instanceof HTMLInputElement) field.value = "";
  }, [actionData, formRef]);
  const { summary, allowGuest } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 pt-3 pb-10 outline-none">
      <BookingSteps current={1} />
      <h1 className="mt-4 text-2xl font-bold" data-testid="page-title">
        {t("booking.login.title")}
      </h1>
      <div className={`mt-4 ${stepColumnsClass}`}>
        <div className={stepMainClass}>
          <p className="text-gray-700">{t("booking.login.lead")}</p>

          {allowGuest ? (
            <section aria-labelledby="guest-heading" className="card p-5" data-testid="guest-section">
              <h2 id="guest-heading" className="font-bold">
                {t("booking.login.guestHeading")}
              </h2>
              <p className="mt-1 text-sm text-gray-800">{t("booking.login.guestLead")}</p>
              <Link to={loaderData.userPath} className="btn-primary mt-3 w-full" data-testid="guest-link">
                {t("booking.login.guest")}
              </Link>
            </section>
          ) : (
            <p
              className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
              data-testid="members-only"
            >
              {t("booking.login.membersOnly")}
            </p>
          )}

          <section aria-labelledby="member-heading" className="card p-5">
            <h2 id="member-heading" className="font-bold">
              {t("booking.login.memberHeading")}
            </h2>
            <Form
              method="post"
              ref={formRef}
              onSubmit={onSubmit}
              onChange={onChange}
              noValidate
              className="mt-3 flex flex-col gap-4"
              data-testid="login-form"
            >
              <CsrfField />
              <FormNotice errors={errors} />
              <TextField
                name="email"
                type="email"
                label="login.email"
                required
                errors={errors}
                autoComplete="username"
                inputMode="email"
                defaultValue={actionData?.values.email}
              />
              <TextField
                name="password"
                type="password"
                label="login.password"
                required
                errors={errors}
                autoComplete="current-password"
              />
              <button
                type="submit"
                className={`${allowGuest ? "btn-secondary" : "btn-primary"} w-full`}
                disabled={busy}
                data-testid="login-submit"
              >
                {busy ? t("form.submitting") : t("login.submit")}
              </button>
              <FlowExitLink
                to={sitePath(shell, "/password_request")}
                className="link tap self-start"
                testId="forgot-password"
              >
                {t("login.forgot")}
              </FlowExitLink>
            </Form>
          </section>

          <section aria-labelledby="new-heading" className="card p-5">
            <h2 id="new-heading" className="font-bold">
              {t("booking.login.newHeading")}
            </h2>
            <FlowExitLink
              to={sitePath(shell, "/user/regist")}
              className="btn-secondary mt-3 w-full"
              testId="register-link"
            >
              {t("booking.login.register")}
            </FlowExitLink>
          </section>
        </div>
        <StepAside
          summary={summary}
          summaryAction={
            <Link to={loaderData.optionsHref} className="link tap text-sm" data-testid="summary-change">
              {t("booking.summary.change")}
            </Link>
          }
          barTestId="login-bar"
          totalTestId="login-total"
        />
      </div>
    </main>
  );
}
