// The e2e server's data (playwright.config.ts runs this before the server): the demo sites, then a
// blank site per back-office spec, made the way the provider makes one (provisionSite, as
// `npm run site:create` does), whose owner's password is set here so a spec can sign in at once.
// Specs that change a site's data use their own blank site, so the public specs' demo sites stay as
// seeded whatever runs beside them.
import { and, eq } from "drizzle-orm";
import { siteTitleIn, staffLinkFor, staffLinkMail } from "../../app/presenters/staff-mail.server";
import { hashPassword } from "../../server/auth/passwords";
import { loadConfig } from "../../server/config";
import { createDb } from "../../server/db/client";
import { siteSettings, staff, stores } from "../../server/db/schema";
import { createCatalogue } from "../../server/db/seed/catalogue-factory";
import { seedDemoIfEmpty } from "../../server/db/seed/demo";
import { DEMO_PASSWORD } from "../../server/db/seed/demo-members";
import { createMember } from "../../server/db/seed/members-factory";
import { createMailer } from "../../server/mail/mailer";
import { PLAN } from "../../server/sites/plan";
import { provisionSite } from "../../server/sites/provision";
import { NIGHTS } from "../fixtures/fee-plans";
import { E2E_CONTENT, E2E_SITES, e2eOwner } from "./admin-sites";

const config = loadConfig();
const handle = await createDb(config);
await handle.migrate();
await seedDemoIfEmpty(handle.db);
const passwordHash = await hashPassword(DEMO_PASSWORD);
for (const [i, siteId] of E2E_SITES.entries()) {
  await provisionSite(
    handle.db,
    { clientId: 9000 + i, siteId, plan: PLAN.premium, ownerEmail: e2eOwner(siteId), ownerLocale: "ja" },
    {
      mailer: createMailer({ MAIL_TRANSPORT: "outbox" }),
      mail: staffLinkMail(siteTitleIn(siteId, { siteTitle: siteId, siteTitleEn: null }), "invite"),
      linkFor: staffLinkFor(`http://127.0.0.1:${config.PORT}`, siteId, "invite"),
    },
  );
  await handle.db
    .update(staff)
    .set({ passwordHash })
    .where(and(eq(staff.siteId, siteId), eq(staff.email, e2eOwner(siteId))));
}
// admin-settings.spec.ts: one store, so e2e-settings' public top page and search have something to show.
await handle.db
  .insert(stores)
  .values({ siteId: "e2e-settings", storeName: "本店", storeNameEn: "Main store", tel: "03-0000-0000" });
// admin-content.spec.ts: its site is published with a store (the public top, footer and My Page's
// driver form are checked), a member to open that form, and a manager, who may edit content but not
// the payment methods.
await handle.db.update(siteSettings).set({ publicStatus: 1 }).where(eq(siteSettings.siteId, E2E_CONTENT.siteId));
await handle.db.insert(stores).values({ siteId: E2E_CONTENT.siteId, storeName: "本店", tel: "098-000-0000" });
await createMember(handle.db, E2E_CONTENT.siteId, {
  name: "運転 太郎",
  kana: "ウンテン タロウ",
  email: E2E_CONTENT.member,
  passwordHash,
});
await handle.db.insert(staff).values({
  siteId: E2E_CONTENT.siteId,
  email: E2E_CONTENT.manager,
  name: "E2E マネージャー",
  role: "manager",
  passwordHash,
});
await seedCatalogSite(handle.db);
// The prices spec (admin-prices.spec.ts) prices what its own site sells: two stores and a car class.
const pricesStores = await handle.db
  .insert(stores)
  .values([
    { siteId: "e2e-prices", storeName: "本店", storeNameEn: "Main store", businessStartTime: "09:00", displayOrder: 1 },
    { siteId: "e2e-prices", storeName: "空港店", storeNameEn: "Airport store", displayOrder: 2 },
  ])
  .returning({ id: stores.id });
await createCatalogue(
  handle.db,
  "e2e-prices",
  pricesStores.map((s) => s.id),
  { classes: [{ key: "compact", className: "コンパクト", classNameEn: "Compact" }], carTypes: [], vehicles: [] },
);
await handle.close();

/**
 * e2e-catalog (tests/e2e/admin-catalog.spec.ts): published, with a store, a class priced there, and a
 * car type whose one car a booking in a few days needs, so taking it out of service is refused.
 */
async function seedCatalogSite(db: typeof handle.db) {
  const siteId = "e2e-catalog";
  await db.update(siteSettings).set({ publicStatus: 1 }).where(eq(siteSettings.siteId, siteId));
  const [store] = await db
    .insert(stores)
    .values({ siteId, storeName: "本店", storeNameEn: "Main store", tel: "098-000-0000", displayOrder: 1 })
    .returning({ id: stores.id });
  const day = 86_400_000;
  await createCatalogue(db, siteId, [store?.id as number], {
    classes: [{ key: "c", className: "コンパクト", classNameEn: "Compact", displayOrder: 1 }],
    carTypes: [{ key: "booked", classKey: "c", typeName: "予約済みの車", typeNameEn: "Booked car", capacity: 5 }],
    vehicles: [{ store: 0, typeKey: "booked", count: 1 }],
    feePlans: [{ store: 0, classKey: "c", ...NIGHTS }],
    immunityFees: [{ classKey: "c", pricePerDay: 1100 }],
    reservations: [
      {
        store: 0,
        typeKey: "booked",
        reserveNo: "E2E-CAT-1",
        startAt: new Date(Date.now() + 3 * day),
        endAt: new Date(Date.now() + 5 * day),
      },
    ],
  });
}
