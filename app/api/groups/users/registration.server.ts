import { z } from "zod";
import { MemberSchema } from "#app/api/groups/auth/auth.server";
import { type ApiRequest, operation } from "#app/api/operation.server";
import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { issuesToErrors } from "#app/lib/forms";
import type { SessionHandle } from "#app/lib/session.server";
import { mailSiteOf, welcomeMail } from "#app/presenters/member-mail.server";
import { countryName } from "#common/address";
import type { Locale } from "#common/locales";
import { AppError, type FieldReasons, notFoundError } from "#server/errors";
import { emailTakenError, isEmailTaken } from "#server/members/email";
import {
  birthdateParts,
  type MemberProfile,
  type RegistrationInput,
  RegistrationSchema,
} from "#server/members/member.schema";
import {
  prepareRegistration,
  REGISTRATION_DRAFT_KEY,
  type RegistrationDraft,
  readDraft,
  register,
} from "#server/members/registration";
import { borrowerFormValues } from "#server/reservations/customer.schema";
import { readReserveSession } from "#server/reservations/reserve-session";

/**
 * Registering a member (spec §4 "Registration: session, confirmation, register, completed"; §7 Users),
 * over the same schema (`RegistrationSchema`) and domain functions (`server/members/registration.ts`)
 * as the pages `/user/regist` → `/user/confirm` → `/user/register`. The draft kept between the steps
 * is the pages' own (`REGISTRATION_DRAFT_KEY` in the session's data): a browser may start on the
 * pages and finish through the API, or the other way round.
 */

/** What will be (or was) registered, with the labels the confirmation page shows, in the request's language. */
export const RegistrationProfileSchema = z
  .object({
    user_type: z.number().int().meta({ description: "1 individual, 2 corporate (spec §9)." }),
    user_type_label: z.string(),
    company: z.string(),
    company_kana: z.string(),
    name: z.string(),
    kana: z.string(),
    email: z.string(),
    gender: z.number().int().nullable().meta({ description: "1 male, 2 female, null unset." }),
    gender_label: z.string(),
    birthdate: z.string().meta({ description: "YYYY-MM-DD." }),
    tel: z.string().meta({ description: "E.164." }),
    zip: z.string(),
    pref_code: z.number().int().meta({ description: "1-47, 48 overseas or other." }),
    pref_name: z.string(),
    country: z.string().meta({ description: "ISO 3166-1 alpha-2." }),
    country_name: z.string(),
    address_a: z.string(),
    address_b: z.string(),
    newsletter: z.number().int().meta({ description: "0 no, 1 receive." }),
    newsletter_label: z.string(),
  })
  .meta({ id: "RegistrationProfile" });

function profileOut(p: MemberProfile, locale: Locale) {
  const t = (key: string) => translate(CATALOGUES[locale], key as MessageKey);
  return {
    user_type: p.userType,
    user_type_label: t(`member.userType.${p.userType}`),
    company: p.company,
    company_kana: p.companyKana,
    name: p.name,
    kana: p.kana,
    email: p.email,
    gender: p.gender,
    gender_label: t(p.gender ? `member.gender.${p.gender}` : "member.gender.none"),
    birthdate: p.birthdate,
    tel: p.tel,
    zip: p.zip,
    pref_code: p.prefCode,
    pref_name: t(`pref.${p.prefCode}`),
    country: p.country,
    country_name: countryName(p.country, locale),
    address_a: p.addressA,
    address_b: p.addressB,
    newsletter: p.newsletter,
    newsletter_label: t(`member.newsletter.${p.newsletter}`),
  };
}

/** The registration form's field names, read from the pages' schema so the two cannot drift apart. */
const REGISTRATION_FIELDS = Object.keys(
  (RegistrationSchema._zod.def.in as unknown as { _zod: { def: { shape: Record<string, unknown> } } })._zod.def.shape,
);

/**
 * The registration form with every field optional (an empty body is allowed): `users/register`
 * registers from the body when it has fields, else from the session's draft; `reserve-user-register`
 * fills the missing fields from the booking's borrower. The merged form is then checked by
 * `RegistrationSchema`, as the page checks it.
 */
const RegistrationBodySchema = z
  .object(
    Object.fromEntries(REGISTRATION_FIELDS.map((name) => [name, z.string().optional()])) as Record<
      string,
      z.ZodOptional<z.ZodString>
    >,
  )
  .meta({
    id: "RegistrationForm",
    description:
      "The registration form's fields as `users/register-session` takes them (user_type, company, company_kana, name, kana, email, gender, birth_year, birth_month, birth_day, tel, zip, pref_code, country, address_a, address_b, newsletter, password, password_confirm).",
  });

/** The pages refuse a signed-in member (`requireGuest`); so does the API. */
async function requireGuest(session: SessionHandle | null): Promise<SessionHandle> {
  if (!session || (await session.member())) throw new AppError("forbidden");
  return session;
}

/** The form checked by the pages' schema: its refusals as the API's field map. */
function checkForm(values: Record<string, unknown>): RegistrationInput {
  const parsed = RegistrationSchema.safeParse(values);
  if (!parsed.success) {
    throw new AppError("invalid_input", {
      fieldErrors: issuesToErrors(parsed.error.issues) as FieldReasons,
    });
  }
  return parsed.data;
}

/** `register` with the welcome mail as `/user/register` sends it, then the new member logged in on a new session id. */
async function registerAndLogIn(req: ApiRequest, session: SessionHandle, input: RegistrationInput | RegistrationDraft) {
  const { db, siteId, locale, services, bundle, request } = req;
  const site = mailSiteOf({ siteId, bundle, locale, publicOrigin: services.publicOrigin, request });
  const { memberId } = await register(db, siteId, input, {
    mailer: services.mailer,
    locale,
    welcome: welcomeMail(site, locale),
  });
  // A draft left from the steps is used up (without one, no guest session is made just to clear it).
  if ((await session.data())[REGISTRATION_DRAFT_KEY] !== undefined)
    await session.setData(REGISTRATION_DRAFT_KEY, undefined);
  await session.login(memberId);
  const member = await session.member();
  if (!member) throw new Error("registered member not signed in");
  return {
    id: member.id,
    name: member.name,
    company: member.company,
    user_type: member.userType,
    email: member.email,
    locale: member.locale,
  };
}

const hasFields = (body: Record<string, unknown>) => Object.keys(body).length > 0;

export const USER_OPERATIONS = [
  operation({
    method: "post",
    path: "/users/register-session",
    tag: "users",
    operationId: "users/register-session",
    summary: "Registration, step 1: check the form and keep it in the session for the confirmation",
    description:
      "What `/user/regist` does on submit: the form is checked by the same schema, a common password and an address already registered on this site (`email_taken`) are refused, and the draft (the profile and the password's hash, never the password) is kept in the browser's session. 403 for a signed-in member.",
    body: RegistrationSchema,
    response: z.object({ registration: RegistrationProfileSchema }),
    browser: "anyone",
    key: false,
    problems: [422],
    async handler({ db, siteId, locale, body, session }) {
      const guest = await requireGuest(session);
      const draft = await prepareRegistration(db, siteId, body);
      await guest.setData(REGISTRATION_DRAFT_KEY, draft);
      return { registration: profileOut(draft.profile, locale) };
    },
  }),
  operation({
    method: "post",
    path: "/users/register-confirmation",
    tag: "users",
    operationId: "users/register-confirmation",
    summary: "Registration, step 2: what will be registered (the session's draft, checked again)",
    description:
      "What `/user/confirm` shows, with labels in the request's language; the password is never returned. The address is checked again: one registered since step 1 answers 422 `email_taken`. 404 when the session holds no draft (step 1 first); 403 for a signed-in member.",
    response: z.object({ registration: RegistrationProfileSchema }),
    browser: "anyone",
    key: false,
    problems: [422],
    async handler({ db, siteId, locale, session }) {
      const guest = await requireGuest(session);
      const draft = readDraft((await guest.data())[REGISTRATION_DRAFT_KEY]);
      if (!draft) throw notFoundError();
      if (draft.error || (await isEmailTaken(db, siteId, draft.profile.email))) {
        await guest.setData(REGISTRATION_DRAFT_KEY, { ...draft, error: "email_taken" });
        throw emailTakenError();
      }
      return { registration: profileOut(draft.profile, locale) };
    },
  }),
  operation({
    method: "post",
    path: "/users/register",
    tag: "users",
    operationId: "users/register",
    summary: "Registration, step 3: create the member, send the welcome mail and log them in",
    description:
      "With an empty body, registers the session's draft (steps 1-2), as `/user/register` does; with the form's fields in the body, checks and registers them in one step. The member and the welcome mail (in the request's language) are written in one transaction; the session then continues as the new member on a new id, keeping a booking in progress. An address taken in the meantime answers 422 `email_taken`. 404 without a draft and without a body; 403 for a signed-in member.",
    body: RegistrationBodySchema,
    response: z.object({ user: MemberSchema }),
    status: 201,
    browser: "anyone",
    key: false,
    idempotent: true,
    problems: [409, 422],
    async handler(req) {
      const guest = await requireGuest(req.session);
      const body = req.body as Record<string, string>;
      if (hasFields(body)) return { user: await registerAndLogIn(req, guest, checkForm(body)) };
      const draft = readDraft((await guest.data())[REGISTRATION_DRAFT_KEY]);
      if (!draft) throw notFoundError();
      if (draft.error) throw emailTakenError();
      try {
        return {
          user: await registerAndLogIn(req, guest, { profile: draft.profile, passwordHash: draft.passwordHash }),
        };
      } catch (error) {
        // As the page: the draft remembers why, so `/user/regist` shows it beside the e-mail.
        if (error instanceof AppError && error.details.fieldErrors?.email?.code === "email_taken") {
          await guest.setData(REGISTRATION_DRAFT_KEY, { ...draft, error: "email_taken" });
        }
        throw error;
      }
    },
  }),
  operation({
    method: "post",
    path: "/users/reserve-user-register",
    tag: "users",
    operationId: "users/reserve-user-register",
    summary: "Register during a booking, from the booking's borrower, and go on booking as the new member",
    description:
      "The booking flow sends a guest to registration from its customer step (`/reserve/login` → `/user/regist`), and the booking in progress survives the login that follows. This does the same in one call: the form's fields in the body, each one left out taken from the borrower the booking already holds (the customer step, `validate-reserve-customer`), checked by the registration's schema; then the member and the welcome mail, and the session continues as the new member with the booking kept. 404 when no booking is in progress; 403 for a signed-in member; 422 for the form's refusals and `email_taken`.",
    body: RegistrationBodySchema,
    response: z.object({
      user: MemberSchema,
      booking_in_progress: z.literal(true).meta({ description: "The booking goes on at the customer step." }),
    }),
    status: 201,
    browser: "anyone",
    key: false,
    idempotent: true,
    problems: [409, 422],
    async handler(req) {
      const guest = await requireGuest(req.session);
      const booking = readReserveSession(await guest.data());
      if (!booking || booking.completed) throw notFoundError();
      const borrower = booking.borrower as Parameters<typeof borrowerFormValues>[0] & { birthdate?: string | null };
      const fromBorrower = borrower
        ? { ...borrowerFormValues(borrower), ...(borrower.birthdate ? birthdateParts(borrower.birthdate) : {}) }
        : {};
      const input = checkForm({ ...fromBorrower, ...(req.body as Record<string, string>) });
      return { user: await registerAndLogIn(req, guest, input), booking_in_progress: true as const };
    },
  }),
];
