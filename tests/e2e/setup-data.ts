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
import { staff, stores } from "../../server/db/schema";
import { createCatalogue } from "../../server/db/seed/catalogue-factory";
import { seedDemoIfEmpty } from "../../server/db/seed/demo";
import { DEMO_PASSWORD } from "../../server/db/seed/demo-members";
import { createMailer } from "../../server/mail/mailer";
import { PLAN } from "../../server/sites/plan";
import { provisionSite } from "../../server/sites/provision";
import { E2E_SITES, e2eOwner } from "./admin-sites";

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
