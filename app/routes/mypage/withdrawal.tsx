import { Form, Link, redirect, useNavigation } from "react-router";
import * as z from "zod/mini";
import { CsrfField } from "#app/components/csrf-field";
import { FormNotice } from "#app/components/form/fields";
import { useReasonText } from "#app/components/search/field-error";
import { handleForm } from "#app/lib/form-action.server";
import { requireUser } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { getSession } from "#app/lib/session.server";
import { sitePath, useSite } from "#app/lib/site";
import { getSite, services } from "#app/lib/site.server";
import { localizePath } from "#common/locales";
import { checkWithdrawal, WITHDRAWAL_REFUSAL, withdraw } from "#server/members/withdrawal";
import type { Route } from "./+types/withdrawal";

const WithdrawalSchema = z.object({ confirm: z.literal("1", { error: "withdrawal_unconfirmed" }) });

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = await requireUser(context, request);
  const { siteId } = getSite(context);
  const check = await checkWithdrawal(services(context).db, siteId, member.id);
  return { refusal: check === "ok" ? null : { code: WITHDRAWAL_REFUSAL[check] } };
}

export async function action({ context, request }: Route.ActionArgs) {
  const member = await requireUser(context, request);
  const { siteId, locale } = getSite(context);
  const { db, payments, blobs, logger } = services(context);
  return handleForm(await request.formData(), WithdrawalSchema, async () => {
    await withdraw(db, siteId, member.id, { payments, blobs, logger });
    await getSession(context).logout();
    return redirect(localizePath(locale, `/${siteId}/mypage/user/withdrawal_end`));
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "withdrawal.title");

/** Withdrawal (spec §4, §6): refused up front while renting or while a reservation is coming. */
export default function Withdrawal({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const shell = useSite();
  const reason = useReasonText();
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  const refusal = errors.form ?? loaderData.refusal;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("withdrawal.title")}
      </h1>
      <p className="mt-3">{t("withdrawal.lead")}</p>
      {refusal ? (
        <div className="card mt-4 p-4" data-testid="withdrawal-refused">
          <p role="alert" className="font-semibold text-red-800">
            {reason(refusal)}
          </p>
          <Link to={sitePath(shell, "/mypage/reserves")} className="btn-secondary mt-3 w-full">
            {t("withdrawal.seeReserves")}
          </Link>
        </div>
      ) : (
        <Form method="post" className="card mt-4 flex flex-col gap-4 p-4" data-testid="withdrawal-form">
          <CsrfField />
          <FormNotice errors={errors.confirm ? {} : errors} />
          <label className="inline-flex min-h-11 items-center gap-3 font-semibold">
            <input
              type="checkbox"
              name="confirm"
              value="1"
              required
              aria-invalid={errors.confirm ? true : undefined}
              aria-describedby={errors.confirm ? "withdrawal-confirm-error" : undefined}
            />
            {t("withdrawal.confirm")}
          </label>
          {errors.confirm ? (
            <p id="withdrawal-confirm-error" className="text-sm font-semibold text-red-700">
              {t("withdrawal.confirmRequired")}
            </p>
          ) : null}
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-5 font-bold text-white"
            disabled={navigation.state === "submitting"}
            data-testid="withdrawal-submit"
          >
            {t("withdrawal.submit")}
          </button>
        </Form>
      )}
    </main>
  );
}
