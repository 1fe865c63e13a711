import { hashPassword } from "#server/auth/passwords";
import type { Db } from "#server/db/client";
import { staff, staffStores } from "#server/db/schema";
import { DEMO_PASSWORD } from "./demo-members";
import type { CreatedSite } from "./factories";

/** The demo staff's addresses on a site (README lists them): an owner and a store-staff account. */
export const demoStaffEmail = (siteId: string, who: "owner" | "staff") => `${who}@${siteId}.example`;

/**
 * Each demo site's back office (issue 23): an owner, and a store-staff account for its first store,
 * both with the demo password and without two-factor sign-in (the owner is reminded to turn it on).
 */
export async function seedDemoStaff(db: Db, sites: CreatedSite[]): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const site of sites) {
    const [owner, clerk] = await db
      .insert(staff)
      .values([
        {
          siteId: site.siteId,
          email: demoStaffEmail(site.siteId, "owner"),
          name: "デモ オーナー",
          role: "owner",
          passwordHash,
        },
        {
          siteId: site.siteId,
          email: demoStaffEmail(site.siteId, "staff"),
          name: "デモ 店舗スタッフ",
          role: "store_staff",
          passwordHash,
        },
      ])
      .returning({ id: staff.id });
    const storeId = site.storeIds[0];
    if (owner && clerk && storeId !== undefined) {
      await db.insert(staffStores).values({ siteId: site.siteId, staffId: clerk.id, storeId });
    }
  }
}
