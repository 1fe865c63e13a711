import { redirect } from "react-router";
import { requireGuest } from "#app/lib/guards.server";
import { getSession } from "#app/lib/session.server";
import { getSite, services } from "#app/lib/site.server";
import { mailSite, welcomeMail } from "#app/presenters/member-mail.server";
import { localizePath } from "#common/locales";
import { AppError } from "#server/errors";
import { REGISTRATION_DRAFT_KEY, readDraft, register } from "#server/members/registration";
import type { Route } from "./+types/user-register";

/** Nothing to show: the step is the confirmation's POST. A GET goes to the input form. */
export async function loader({ context }: Route.LoaderArgs) {
  const { siteId, locale } = getSite(context);
  throw redirect(localizePath(locale, `/${siteId}/user/regist`));
}

/**
 * Registers the member from the session's draft (spec §4): the member and the welcome mail in one
 * transaction, then the new member is logged in on a new session id. An address taken since the
 * input step sends the visitor back to the form with the message beside the e-mail.
 */
export async function action({ context, request }: Route.ActionArgs) {
  await requireGuest(context);
  const { siteId, locale } = getSite(context);
  const { db, mailer } = services(context);
  const session = getSession(context);
  const draft = readDraft((await session.data())[REGISTRATION_DRAFT_KEY]);
  const regist = localizePath(locale, `/${siteId}/user/regist`);
  if (!draft || draft.error) throw redirect(regist);
  let memberId: number;
  try {
    ({ memberId } = await register(
      db,
      siteId,
      { profile: draft.profile, passwordHash: draft.passwordHash },
      { mailer, locale, welcome: welcomeMail(mailSite(context, request), locale) },
    ));
  } catch (error) {
    if (error instanceof AppError && error.details.fieldErrors?.email?.code === "email_taken") {
      await session.setData(REGISTRATION_DRAFT_KEY, { ...draft, error: "email_taken" });
      throw redirect(regist);
    }
    throw error;
  }
  await session.setData(REGISTRATION_DRAFT_KEY, undefined);
  await session.login(memberId);
  throw redirect(localizePath(locale, `/${siteId}/user/completed`));
}
