import { eq } from "drizzle-orm";
import type { AdminLocale } from "#common/admin";
import { RESERVED_SITE_IDS } from "#common/admin";
import { recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { clients, siteSettings } from "#server/db/schema";
import { inviteStaff, type StaffMailOptions } from "#server/staff/accounts";
import type { Actor } from "#server/staff/permissions";
import { defaultPriceListPageUrl, PLAN, type PlanType } from "./plan";

/** The provider's command line acting on a site: an owner's rights, named in the audit log as the command. */
export const PROVIDER_ACTOR: Actor = {
  id: 0,
  email: "",
  role: "owner",
  storeIds: [],
  staffId: null,
  name: "site:create",
};

const SITE_ID = /^[a-z0-9][a-z0-9_-]{1,62}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewSiteInput {
  clientId: number;
  siteId: string;
  plan: PlanType;
  ownerEmail: string;
  /** The owner's back-office language and their invitation's. */
  ownerLocale: AdminLocale;
}

/** A plan named as the provider writes it (`premium`, `standard-plus`, or its number 1-4). */
export function parsePlan(value: string): PlanType | null {
  const byName: Record<string, PlanType> = {
    light: PLAN.light,
    standard: PLAN.standard,
    "standard-plus": PLAN.standardPlus,
    standard_plus: PLAN.standardPlus,
    premium: PLAN.premium,
  };
  const n = Number(value);
  return byName[value.toLowerCase()] ?? (Number.isInteger(n) && n >= 1 && n <= 4 ? (n as PlanType) : null);
}

/** Why a new site cannot be created as asked, or null. */
export async function newSiteProblem(db: Db, input: NewSiteInput): Promise<string | null> {
  if (!SITE_ID.test(input.siteId) || RESERVED_SITE_IDS.has(input.siteId)) {
    return `--site-id "${input.siteId}": 2-63 lower-case letters, digits, "-" or "_", starting with a letter or digit, and not one of ${[...RESERVED_SITE_IDS].join(", ")}`;
  }
  if (!Number.isInteger(input.clientId) || input.clientId < 1 || input.clientId > 2_147_483_647) {
    return `--client-id "${input.clientId}": a positive whole number`;
  }
  if (!EMAIL.test(input.ownerEmail) || input.ownerEmail.length > 254)
    return `--owner "${input.ownerEmail}": an e-mail address`;
  const [bySite] = await db.select({ id: clients.clientId }).from(clients).where(eq(clients.siteId, input.siteId));
  if (bySite) return `site ${input.siteId} exists already (client ${bySite.id})`;
  const [byClient] = await db
    .select({ site: clients.siteId })
    .from(clients)
    .where(eq(clients.clientId, input.clientId));
  if (byClient) return `client ${input.clientId} exists already (site ${byClient.site})`;
  return null;
}

/**
 * Creates a rental company's client and site with the spec's defaults (§9: search times 11:00-18:00,
 * store hours 10:00-18:00, period '01', theme #ee6e25, empty-car display 2), Japanese only, and
 * **unpublished** until its owner has stores, cars and prices and publishes it. The owner is
 * invited by mail; everything else is done in the back office.
 */
export async function provisionSite(
  db: Db,
  input: NewSiteInput,
  mail: StaffMailOptions,
): Promise<{ siteId: string; ownerStaffId: number }> {
  const problem = await newSiteProblem(db, input);
  if (problem) throw new Error(problem);
  const { siteId } = input;
  await db.transaction(async (tx) => {
    await tx.insert(clients).values({ siteId, clientId: input.clientId, usagePlanType: input.plan });
    await tx.insert(siteSettings).values({
      siteId,
      siteTitle: siteId,
      supportedLanguages: "jp",
      publicStatus: 2,
      priceListPageUrl: defaultPriceListPageUrl(input.clientId),
    });
    await recordAudit(tx, siteId, PROVIDER_ACTOR, {
      action: "site.create",
      entity: "site",
      entityId: siteId,
      after: { clientId: input.clientId, plan: input.plan, owner: input.ownerEmail },
    });
  });
  const { staffId } = await inviteStaff(
    db,
    siteId,
    PROVIDER_ACTOR,
    { email: input.ownerEmail, name: "", role: "owner", store_ids: [], locale: input.ownerLocale },
    mail,
  );
  return { siteId, ownerStaffId: staffId };
}
