import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/auth/passwords";
import { createSession } from "#server/auth/sessions";
import { reservations, staff } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { createMember } from "#server/db/seed/members-factory";
import { createApp } from "#server/http/app";
import { receiptsLinkFor } from "#server/invoices/receipt-link";
import { recordCounterPayment } from "#server/ledger/ledger";
import { bookingLink } from "#server/reservations/booking-links";
import { startStaffSession } from "#server/staff/sessions";
import { testServices } from "#tests/fixtures/services";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * Issue 37 item 10 through the whole HTTP stack and the production build: who may download a
 * receipt. Staff (read-only included) from the booking's page; a member their own booking only; a
 * guest through the mail's signed link. Every refusal is the same plain 404.
 */

const ORIGIN = "http://127.0.0.1:3000";
let handle: TestDb;
let app: ReturnType<typeof createApp>;
let site: CreatedSite;
let other: CreatedSite;
type Booking = typeof reservations.$inferSelect;
let mine: Booking;
let theirs: Booking;
let guest: Booking;
const entries = new Map<number, number>();
let memberCookie: string;
let readOnlyCookie: string;

const request = (target: string, cookie?: string) =>
  app.request(
    `${ORIGIN}${target}`,
    { headers: { Accept: "text/html", ...(cookie ? { cookie } : {}) }, redirect: "manual" },
    { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
  );

let n = 0;
async function paidBooking(s: CreatedSite, memberId: number | null): Promise<Booking> {
  n += 1;
  const [row] = await handle.owner
    .insert(reservations)
    .values({
      siteId: s.siteId,
      reserveNo: `RT-${n}`,
      storeId: s.storeIds[0] as number,
      carTypeId: s.catalogue?.typeIds.t as number,
      startAt: new Date(Date.now() + 10 * 86_400_000),
      endAt: new Date(Date.now() + 11 * 86_400_000),
      status: "confirmed",
      rentalFee: 7_700,
      totalFee: 7_700,
      payMethod: 2,
      memberId,
      borrower: { name: `客 ${n}`, email: `guest${n}@example.com` },
    })
    .returning();
  const booking = row as Booking;
  const paid = await recordCounterPayment(handle.forSite(s.siteId), s.siteId, {
    reservationId: booking.id,
    storeId: booking.storeId,
    kind: "charge",
    operation: "counter",
    method: "cash",
    amount: 7_700,
    key: `route-test-${booking.id}`,
  });
  entries.set(booking.id, paid.outcome?.id as number);
  return booking;
}

const catalogue = {
  classes: [{ key: "c", className: "コンパクト" }],
  carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
  vehicles: [{ store: 0, typeKey: "t", count: 5 }],
};

beforeAll(async () => {
  handle = await createTestDb();
  site = await makeSite(handle.owner, { catalogue });
  other = await makeSite(handle.owner, { catalogue });
  const me = await createMember(handle.owner, site.siteId, { name: "会員 一郎", email: "me@example.com" });
  const someoneElse = await createMember(handle.owner, site.siteId, { name: "会員 二郎", email: "you@example.com" });
  mine = await paidBooking(site, me);
  theirs = await paidBooking(site, someoneElse);
  guest = await paidBooking(site, null);
  memberCookie = `sid_${site.siteId}=${await createSession(handle.forSite(site.siteId), site.siteId, { memberId: me })}`;
  const [row] = await handle.owner
    .insert(staff)
    .values({
      siteId: site.siteId,
      email: "reader@example.com",
      name: "閲覧 のみ",
      role: "read_only",
      passwordHash: await hashPassword("not-used-here"),
    })
    .returning({ id: staff.id });
  const token = await startStaffSession(handle.forSite(site.siteId), site.siteId, {
    staffId: row?.id as number,
    twoFactorPending: false,
  });
  readOnlyCookie = `asid_${site.siteId}=${token}`;
  const entry = pathToFileURL(path.resolve("build/server/index.js")).href;
  const build = (await import(/* @vite-ignore */ entry)) as ServerBuild;
  app = createApp({ ...testServices(handle.forSite("")), database: handle.server, build, mode: "production" });
});
afterAll(() => handle?.close());

async function expectPdf(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="receipt-RT-\d+-R-\d{8}\.pdf"$/);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
}

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).not.toBe("application/pdf");
}

describe("downloading a receipt", () => {
  it("works for read-only staff from the booking's page, and not for a visitor or another site's staff URL", async () => {
    const page = await request(`/admin/${site.siteId}/reservations/${mine.reserveNo}`, readOnlyCookie);
    expect(page.status).toBe(200);
    const href = `/admin/${site.siteId}/reservations/${mine.reserveNo}/receipts/${entries.get(mine.id)}`;
    expect(await page.text()).toContain(href);
    await expectPdf(await request(href, readOnlyCookie));
    // Not signed in: the login page, never the PDF.
    expect((await request(href)).status).toBe(302);
    // An entry of another site's booking through this site's URL.
    const foreign = await paidBooking(other, null);
    await expectNotFound(
      await request(
        `/admin/${site.siteId}/reservations/${mine.reserveNo}/receipts/${entries.get(foreign.id)}`,
        readOnlyCookie,
      ),
    );
  });

  it("works for a member on their own booking in My Page; another member's booking is a 404", async () => {
    const page = await request(`/${site.siteId}/mypage/reserves/${mine.id}`, memberCookie);
    expect(page.status).toBe(200);
    const href = `/${site.siteId}/mypage/reserves/${mine.id}/receipts/${entries.get(mine.id)}`;
    expect(await page.text()).toContain(href);
    await expectPdf(await request(href, memberCookie));
    await expectNotFound(
      await request(`/${site.siteId}/mypage/reserves/${theirs.id}/receipts/${entries.get(theirs.id)}`, memberCookie),
    );
    // The member's own booking with another booking's entry.
    await expectNotFound(
      await request(`/${site.siteId}/mypage/reserves/${mine.id}/receipts/${entries.get(theirs.id)}`, memberCookie),
    );
  });

  it("works for a guest through the signed link; a forged, re-purposed or other site's link is a 404", async () => {
    const link = receiptsLinkFor(site.siteId, guest);
    const query = new URLSearchParams({ ...link }).toString();
    const list = await request(`/${site.siteId}/reserve/receipts?${query}`);
    expect(list.status).toBe(200);
    const href = `/${site.siteId}/reserve/receipts/${entries.get(guest.id)}?${query}`;
    expect((await list.text()).replaceAll("&amp;", "&")).toContain(href);
    await expectPdf(await request(href));

    const forged = new URLSearchParams({ ...link, sig: `${link.sig.slice(0, -2)}AA` }).toString();
    await expectNotFound(await request(`/${site.siteId}/reserve/receipts/${entries.get(guest.id)}?${forged}`));
    expect((await request(`/${site.siteId}/reserve/receipts?${forged}`)).status).toBe(404);
    // The cancellation link of the same booking does not open its receipts.
    const cancel = bookingLink("cancel", site.siteId, guest, new Date(Date.now() + 86_400_000));
    const cancelQuery = new URLSearchParams({ ...cancel }).toString();
    await expectNotFound(await request(`/${site.siteId}/reserve/receipts/${entries.get(guest.id)}?${cancelQuery}`));
    // The same link on another site.
    await expectNotFound(await request(`/${other.siteId}/reserve/receipts/${entries.get(guest.id)}?${query}`));
    // A valid link with another booking's entry.
    await expectNotFound(await request(`/${site.siteId}/reserve/receipts/${entries.get(mine.id)}?${query}`));
  });
});
