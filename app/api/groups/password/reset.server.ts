import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { CATALOGUES, translate } from "#app/i18n/messages";
import { mailSiteOf } from "#app/presenters/member-mail.server";
import { passwordResetMailIn } from "#app/presenters/password-mail.server";
import { findResetToken, requestReset, resetPassword } from "#server/auth/password-reset";
import { PasswordRequestSchema, PasswordResetSchema } from "#server/auth/password-reset.schema";
import { AppError } from "#server/errors";

/**
 * Password recovery (spec §2 /password_request, /password_reset; §4 "link valid 1 hour"; §7
 * password-reset, password-reset-identification, password-update), over the pages' schemas and
 * `server/auth/password-reset.ts`. The mail's link opens the site's `/password_reset` page in the
 * request's language; its token is what the two other operations take.
 */

const MessageAnswer = (description: string) => z.object({ message: z.string().meta({ description }) });

/** A token as the link carries it; its shape is checked by the domain (a malformed one is simply not valid). */
const TokenQuerySchema = z.object({
  token: z.string().optional().meta({ description: "The `token` of the reset mail's link." }),
});

const invalidLink = () => new AppError("rejected", { reason: { code: "reset_link_invalid" } });

export const PASSWORD_OPERATIONS = [
  operation({
    method: "post",
    path: "/password-reset",
    tag: "reservations",
    operationId: "password-reset",
    summary: "Request the password-reset mail (or a first password's, for a member the store registered)",
    description:
      "What `/password_request` does: when a member of this site has the address, a single-use link valid for one hour is mailed in the request's language. The answer is the same whether or not the address is a member's, and at most five mails an hour go to one address (more requests answer the same and send nothing).",
    body: PasswordRequestSchema,
    response: MessageAnswer("The mail-sent page's text, in the request's language."),
    browser: "anyone",
    key: false,
    problems: [422],
    async handler({ db, siteId, locale, bundle, services, request, body }) {
      const site = mailSiteOf({ siteId, bundle, locale, publicOrigin: services.publicOrigin, request });
      await requestReset(db, siteId, body, { mailer: services.mailer, locale, ...passwordResetMailIn(site, locale) });
      return { message: translate(CATALOGUES[locale], "pwreset.sent.lead") };
    },
  }),
  operation({
    method: "get",
    path: "/password-reset-identification",
    tag: "reservations",
    operationId: "password-reset-identification",
    summary: "Whether a reset link's token is still valid (this site's, unused, less than an hour old)",
    description:
      "What `/password_reset` checks before showing its form. 422 `reset_link_invalid` for a used, expired, unknown or another site's token.",
    query: TokenQuerySchema,
    response: z.object({ valid: z.literal(true) }),
    browser: "anyone",
    key: false,
    problems: [422],
    async handler({ db, siteId, query }) {
      if (!(await findResetToken(db, siteId, query.token ?? ""))) throw invalidLink();
      return { valid: true as const };
    },
  }),
  operation({
    method: "post",
    path: "/password-update",
    tag: "reservations",
    operationId: "password-update",
    summary: "Set a new password with a reset link's token",
    description:
      "What `/password_reset` does on submit: the token (this site's, unused, less than an hour old), a new password and its confirmation. The link and the member's other links are used up and every session of the member ends: log in with the new password. 422 `reset_link_invalid`, or field errors.",
    body: PasswordResetSchema,
    response: MessageAnswer("The login page's success message, in the request's language."),
    browser: "anyone",
    key: false,
    problems: [422],
    async handler({ db, siteId, locale, body }) {
      await resetPassword(db, siteId, body);
      return { message: translate(CATALOGUES[locale], "pwreset.flash.done") };
    },
  }),
];
