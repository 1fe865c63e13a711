import { and, count, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { RentalStage } from "#common/counter";
import type { Locale } from "#common/locales";
import { recordAudit } from "#server/audit/audit-log";
import type { ResetMail } from "#server/auth/password-reset";
import { issueResetToken } from "#server/auth/password-reset";
import { visibleReservations } from "#server/counter/reservations";
import { onTheBooks, rentalStage } from "#server/counter/stage";
import type { Db } from "#server/db/client";
import { carTypes, drivers, members, reservations, stores } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import type { Mailer } from "#server/mail/mailer";
import type { DbOrTx } from "#server/mail/outbox";
import { matchesSearchText } from "#server/search/search-sql";
import { type Actor, authorize } from "#server/staff/permissions";
import { emailTakenError, isEmailTaken, isEmailUniqueViolation } from "./email";
import type { StoreRegistrationInput } from "./member.schema";
import { MEMBER_PAGE_SIZE, type MemberFilter } from "./member-search.schema";
import { insertMember } from "./registration";

/**
 * The members of the back office (issue 24): found by number, name, reading, e-mail or phone; one
 * member whole with their drivers and bookings; a member registered at the store, who sets a first
 * password from a mail (spec §4). Members belong to the site, not to a store: every role that reads
 * the back office reads them (as it reads bookings' customers), and store staff see only their
 * stores' bookings among a member's.
 */

/** Withdrawn; registered at the store and still without a password; or an ordinary member. */
export type MemberStatus = "active" | "awaiting_password" | "withdrawn";

function statusOf(m: { withdrawnAt: Date | null; passwordHash: string | null }): MemberStatus {
  if (m.withdrawnAt) return "withdrawn";
  return m.passwordHash ? "active" : "awaiting_password";
}

export interface MemberListRow {
  id: number;
  userType: number;
  name: string;
  kana: string;
  company: string;
  email: string | null;
  tel: string;
  createdAt: Date;
  status: MemberStatus;
  /** Bookings on the books that the actor may see. */
  bookings: number;
}

/** A member number, or a name, reading, company, e-mail or phone however spelled (decision 051). */
function matchesQuery(q: string): SQL | undefined {
  const text = matchesSearchText(members.searchText, q);
  if (!text) return undefined;
  const number = /^#?(\d{1,9})$/.exec(q.normalize("NFKC").trim())?.[1];
  return number ? or(text, eq(members.id, Number(number))) : text;
}

/** How many of each member's bookings the actor may see. */
async function bookingCounts(db: DbOrTx, siteId: string, actor: Actor, memberIds: number[]) {
  if (!memberIds.length) return new Map<number, number>();
  const rows = await db
    .select({ memberId: reservations.memberId, n: count() })
    .from(reservations)
    .where(
      and(
        eq(reservations.siteId, siteId),
        inArray(reservations.memberId, memberIds),
        onTheBooks,
        visibleReservations(actor),
      ),
    )
    .groupBy(reservations.memberId);
  return new Map(rows.map((r) => [r.memberId as number, r.n]));
}

/** A page of the site's members the filter finds, the newest registered first. */
export async function searchMembers(
  db: Db,
  siteId: string,
  actor: Actor,
  filter: MemberFilter,
): Promise<{ rows: MemberListRow[]; total: number; page: number; pages: number }> {
  authorize(actor, "view");
  const where = and(eq(members.siteId, siteId), matchesQuery(filter.q));
  const [counted] = await db.select({ n: count() }).from(members).where(where);
  const total = counted?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEMBER_PAGE_SIZE));
  const page = Math.min(Math.max(1, filter.page), pages);
  const found = await db
    .select({
      id: members.id,
      userType: members.userType,
      name: members.name,
      kana: members.kana,
      company: members.company,
      email: members.email,
      tel: members.tel,
      createdAt: members.createdAt,
      withdrawnAt: members.withdrawnAt,
      passwordHash: members.passwordHash,
    })
    .from(members)
    .where(where)
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(MEMBER_PAGE_SIZE)
    .offset((page - 1) * MEMBER_PAGE_SIZE);
  const counts = await bookingCounts(
    db,
    siteId,
    actor,
    found.map((m) => m.id),
  );
  const rows = found.map(({ withdrawnAt, passwordHash, ...m }) => ({
    ...m,
    status: statusOf({ withdrawnAt, passwordHash }),
    bookings: counts.get(m.id) ?? 0,
  }));
  return { rows, total, page, pages };
}

/** What the back office shows of a member: their profile, never their password or payment ids. */
const profileColumns = {
  id: members.id,
  userType: members.userType,
  company: members.company,
  companyKana: members.companyKana,
  name: members.name,
  kana: members.kana,
  email: members.email,
  gender: members.gender,
  birthdate: members.birthdate,
  tel: members.tel,
  zip: members.zip,
  country: members.country,
  prefCode: members.prefCode,
  addressA: members.addressA,
  addressB: members.addressB,
  newsletter: members.newsletter,
  locale: members.locale,
  registeredByStore: members.registeredByStore,
  withdrawnAt: members.withdrawnAt,
  createdAt: members.createdAt,
  updatedAt: members.updatedAt,
};

export interface MemberProfileRecord {
  id: number;
  userType: number;
  company: string;
  companyKana: string;
  name: string;
  kana: string;
  /** Null once withdrawn. */
  email: string | null;
  gender: number | null;
  /** "YYYY-MM-DD". */
  birthdate: string | null;
  /** E.164. */
  tel: string;
  zip: string;
  country: string;
  prefCode: number | null;
  addressA: string;
  addressB: string;
  newsletter: number;
  locale: string;
  registeredByStore: boolean;
  withdrawnAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  status: MemberStatus;
}

export interface MemberDriverRow {
  id: number;
  name: string;
  kana: string;
  birthdate: string | null;
  licenseTypes: string[];
  licenseNumber: string;
  licenseAcquisitionDate: string | null;
  licenseExpirationDate: string | null;
}

export interface MemberBookingRow {
  id: number;
  reserveNo: string;
  stage: RentalStage;
  storeName: string;
  timeZone: string;
  carTypeName: string;
  startAt: Date;
  endAt: Date;
  totalFee: number;
}

export interface MemberDetail {
  member: MemberProfileRecord;
  drivers: MemberDriverRow[];
  bookings: MemberBookingRow[];
}

/** The most bookings one member's page lists (the newest departures). */
export const MEMBER_BOOKINGS_SHOWN = 100;

/** One member of this site by number, with their saved drivers and the bookings the actor may see; else 404. */
export async function getMemberDetail(db: Db, siteId: string, actor: Actor, memberId: number): Promise<MemberDetail> {
  authorize(actor, "view");
  const [row] = await db
    .select({ ...profileColumns, passwordHash: members.passwordHash })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.id, memberId)));
  if (!row) throw notFoundError();
  const { passwordHash, ...profile } = row;
  const [driverRows, bookingRows] = await Promise.all([
    db
      .select({
        id: drivers.id,
        name: drivers.name,
        kana: drivers.kana,
        birthdate: drivers.birthdate,
        licenseTypes: drivers.licenseTypes,
        licenseNumber: drivers.licenseNumber,
        licenseAcquisitionDate: drivers.licenseAcquisitionDate,
        licenseExpirationDate: drivers.licenseExpirationDate,
      })
      .from(drivers)
      .where(and(eq(drivers.siteId, siteId), eq(drivers.memberId, memberId)))
      .orderBy(drivers.id),
    db
      .select({
        id: reservations.id,
        reserveNo: reservations.reserveNo,
        status: reservations.status,
        departedAt: reservations.departedAt,
        returnedAt: reservations.returnedAt,
        storeName: stores.storeName,
        timeZone: stores.timeZone,
        carTypeName: carTypes.typeName,
        startAt: reservations.startAt,
        endAt: reservations.endAt,
        totalFee: reservations.totalFee,
      })
      .from(reservations)
      .innerJoin(stores, and(eq(stores.siteId, reservations.siteId), eq(stores.id, reservations.storeId)))
      .innerJoin(carTypes, and(eq(carTypes.siteId, reservations.siteId), eq(carTypes.id, reservations.carTypeId)))
      .where(
        and(
          eq(reservations.siteId, siteId),
          eq(reservations.memberId, memberId),
          onTheBooks,
          visibleReservations(actor),
        ),
      )
      .orderBy(desc(reservations.startAt), desc(reservations.id))
      .limit(MEMBER_BOOKINGS_SHOWN),
  ]);
  return {
    member: { ...profile, status: statusOf({ withdrawnAt: profile.withdrawnAt, passwordHash }) },
    drivers: driverRows,
    bookings: bookingRows.map(({ status, departedAt, returnedAt, ...b }) => ({
      ...b,
      stage: rentalStage({ status, departedAt, returnedAt }),
    })),
  };
}

/** How the first-password mail is written and where its link leads, in a language (the delivery side's). */
export interface FirstPasswordDeps {
  mailer: Mailer;
  /** The languages the site serves: the member's mails and link are in one of them. */
  locales: readonly Locale[];
  mailIn: (locale: Locale) => { linkFor: (token: string) => string; mail: ResetMail };
  now?: Date;
}

/** A one-hour link to set a first password, mailed in the member's language (the public reset's link and page). */
async function mailFirstPassword(
  tx: DbOrTx,
  siteId: string,
  member: { id: number; email: string; locale: Locale },
  deps: FirstPasswordDeps,
  now: Date,
): Promise<void> {
  const token = await issueResetToken(tx, siteId, member.id, now);
  const { linkFor, mail } = deps.mailIn(member.locale);
  const { subject, text } = mail({ link: linkFor(token), firstPassword: true });
  await deps.mailer.send(tx, siteId, {
    to: member.email,
    subject,
    text,
    locale: member.locale,
    kind: "password_reset",
  });
}

/**
 * Registers a member at the store (spec §4 "store-registered users first set an initial password by
 * e-mail"): the profile without a password, in one transaction with the first-password mail in the
 * chosen language and the audit entry. An address a live member of this site uses is refused as a
 * field error, also when another request took it meanwhile (the unique index).
 */
export async function registerAtStore(
  db: Db,
  siteId: string,
  actor: Actor,
  input: StoreRegistrationInput,
  deps: FirstPasswordDeps,
): Promise<{ memberId: number }> {
  authorize(actor, "members.register");
  const { locale, ...profile } = input;
  if (!deps.locales.includes(locale)) {
    throw new AppError("invalid_input", { fieldErrors: { locale: { code: "invalid_choice" } } });
  }
  const email = profile.email.trim();
  const now = deps.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      if (await isEmailTaken(tx, siteId, email)) throw emailTakenError();
      const memberId = await insertMember(
        tx,
        siteId,
        { ...profile, email },
        { passwordHash: null, locale, registeredByStore: true },
      );
      await mailFirstPassword(tx, siteId, { id: memberId, email, locale }, deps, now);
      // No personal data in the log: the member's number says who.
      await recordAudit(tx, siteId, actor, {
        action: "member.register",
        entity: "member",
        entityId: memberId,
        after: { userType: profile.userType, locale },
      });
      return { memberId };
    });
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
}

/** The first-password mail again (the link lasts an hour), while the store-registered member still has no password. */
export async function resendFirstPassword(
  db: Db,
  siteId: string,
  actor: Actor,
  memberId: number,
  deps: FirstPasswordDeps,
): Promise<void> {
  authorize(actor, "members.register");
  const now = deps.now ?? new Date();
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({
        id: members.id,
        email: members.email,
        locale: members.locale,
        passwordHash: members.passwordHash,
        withdrawnAt: members.withdrawnAt,
      })
      .from(members)
      .where(and(eq(members.siteId, siteId), eq(members.id, memberId)));
    if (!member) throw notFoundError();
    if (statusOf(member) !== "awaiting_password" || !member.email) {
      throw new AppError("rejected", { reason: { code: "first_password_set" } });
    }
    const locale = (deps.locales as readonly string[]).includes(member.locale) ? (member.locale as Locale) : "ja";
    await mailFirstPassword(tx, siteId, { id: member.id, email: member.email, locale }, deps, now);
    await recordAudit(tx, siteId, actor, {
      action: "member.first_password_resent",
      entity: "member",
      entityId: memberId,
    });
  });
}
