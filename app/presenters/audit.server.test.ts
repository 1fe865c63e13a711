import { describe, expect, it } from "vitest";
import type { AuditNames, AuditRow } from "#server/audit/audit-log";
import { auditEntryViews, auditSentence } from "./audit.server";

/** Issue 41 item 6: each kind of entry reads as a sentence, in Japanese and English, with no codes. */

const names: AuditNames = {
  renters: new Map([["261127-ABCD", "山田 花子"]]),
  plates: new Map([[7, "沖縄500わ12-34"]]),
  staff: new Map([[3, "受付 花子"]]),
};

function row(
  action: string,
  entity: string,
  entityId: string,
  after: unknown = null,
  before: unknown = null,
): AuditRow {
  return {
    id: 1,
    siteId: "s",
    staffId: 3,
    actor: "a@example.com",
    at: new Date("2026-11-27T01:00:00Z"),
    action,
    entity,
    entityId,
    before,
    after,
  };
}

const CASES: [AuditRow, string, string][] = [
  [
    row("reservation.create", "reservation", "261127-ABCD", { channel: "counter" }),
    "山田 花子 様の予約 261127-ABCD を受け付けました",
    "Took booking 261127-ABCD for 山田 花子",
  ],
  [
    row("reservation.cancel", "reservation", "261127-ABCD", { cancellationFee: 5830 }),
    "山田 花子 様の予約 261127-ABCD をキャンセルしました（手数料 5,830円）",
    "Cancelled booking 261127-ABCD for 山田 花子 (fee ¥5,830)",
  ],
  [
    row("reservation.change", "reservation", "261127-ABCD", { difference: 1100 }),
    "山田 花子 様の予約 261127-ABCD を変更しました（差額 +1,100円）",
    "Changed booking 261127-ABCD for 山田 花子 (difference +¥1,100)",
  ],
  [
    row("reservation.assign", "reservation", "261127-ABCD", { vehicleId: 7 }),
    "山田 花子 様の予約 261127-ABCD に車両 沖縄500わ12-34 を割り当てました",
    "Assigned car 沖縄500わ12-34 to booking 261127-ABCD for 山田 花子",
  ],
  [
    row("reservation.depart", "reservation", "261127-ABCD", { vehicleId: 7, departureMileage: 12345 }),
    "山田 花子 様の予約 261127-ABCD の出発を記録しました（沖縄500わ12-34、メーター 12,345 km）",
    "Recorded the departure of booking 261127-ABCD for 山田 花子 (沖縄500わ12-34, meter 12,345 km)",
  ],
  [
    row("reservation.return", "reservation", "X-1", { returnMileage: 12500 }),
    "予約 X-1 の返却を記録しました（メーター 12,500 km）",
    "Recorded the return of booking X-1 (meter 12,500 km)",
  ],
  [
    row("payment.unresolved", "payment", "9", { reserveNo: "261127-ABCD", amount: 3300 }),
    "山田 花子 様の予約 261127-ABCD の決済が確定できませんでした。確認が必要です（3,300円）",
    "The payment of booking 261127-ABCD for 山田 花子 could not be settled and needs checking (¥3,300)",
  ],
  [
    row("staff.two_factor_on", "staff", "3", { twoFactor: true }),
    "2段階認証を有効にしました",
    "Turned on two-step sign-in",
  ],
  [
    row("staff.invite", "staff", "4", { email: "new@example.com", role: "manager" }),
    "new@example.com をスタッフに招待しました",
    "Invited new@example.com to the staff",
  ],
  [
    row("staff.sign_in_failed", "staff", "", { outcome: "throttled" }),
    "ログインを拒否しました（失敗が多すぎるため）",
    "Sign-in refused (too many failed attempts)",
  ],
  [
    row("store.update", "store", "2", { storeName: "那覇空港店" }, { storeName: "那覇店" }),
    "店舗「那覇空港店」を変更しました",
    "Changed store “那覇空港店”",
  ],
  [
    row("vehicle.delete", "vehicle", "5", null, { registrationNumber: "沖縄500わ56-78" }),
    "車両「沖縄500わ56-78」を削除しました",
    "Deleted car “沖縄500わ56-78”",
  ],
  [
    row("settlement.update", "site_settings", "", { payMethods: [1, 2] }),
    "サイトの設定を変更しました",
    "Changed the site's settings",
  ],
  [
    row("import.stores", "store", "", { file: "stores.csv", count: 3 }),
    "CSVファイル stores.csv から店舗を 3 件取り込みました",
    "Imported 3 stores from the CSV file stores.csv",
  ],
];

describe("audit sentences", () => {
  it.each(CASES)("%# reads as a sentence in Japanese and English", (r, ja, en) => {
    expect(auditSentence(r, names, "ja")).toBe(ja);
    expect(auditSentence(r, names, "en")).toBe(en);
  });

  it("never shows a code, and links each entry to its record while it exists", () => {
    const views = auditEntryViews(
      CASES.map(([r]) => r),
      names,
      "en",
    );
    for (const v of views)
      expect(v.sentence).not.toMatch(/\b(reservation|staff|store|vehicle|import|payment)\.[a-z_]+|twoFactor|true/);
    expect(views.map((v) => v.link)).toEqual([
      "/reservations/261127-ABCD",
      "/reservations/261127-ABCD",
      "/reservations/261127-ABCD",
      "/reservations/261127-ABCD",
      "/reservations/261127-ABCD",
      "/reservations/X-1",
      "/reservations/261127-ABCD",
      "/staff/3",
      "/staff/4",
      null,
      "/stores/2",
      null,
      null,
      null,
    ]);
    expect(views[0]?.who).toBe("受付 花子");
  });

  it("names the command that acted without a staff member", () => {
    const bySystem = { ...row("site.create", "site", "s"), staffId: null, actor: "site:create" };
    const byJob = { ...row("reservation.update", "reservation", "X-1"), staffId: null, actor: "" };
    const [cli, job] = auditEntryViews([bySystem, byJob], names, "en");
    expect(cli?.who).toBe("System (site:create)");
    expect(job?.who).toBe("System");
  });

  it("lists what a create recorded and what an update changed, field by field", () => {
    const created = row("fee_plan.create", "fee_plan", "7", { sameDay: 15500, storeId: 2 });
    const updated = row("store.update", "store", "2", { tel: "098-000-1111" }, { tel: null });
    const [c, u] = auditEntryViews([created, updated], names, "en");
    expect(c?.changes).toEqual([
      { field: "sameDay", before: "—", after: "15500" },
      { field: "storeId", before: "—", after: "2" },
    ]);
    expect(u?.changes).toEqual([{ field: "tel", before: "—", after: "098-000-1111" }]);
  });
});
