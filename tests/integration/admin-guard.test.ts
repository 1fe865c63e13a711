import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMiddleware, requireStaffAccess, type StaffAccess } from "#app/lib/admin.server";
import { hashPassword } from "#server/auth/passwords";
import { staff } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { StaffRole } from "#server/staff/permissions";
import { startStaffSession } from "#server/staff/sessions";
import { testRouterContext, testServices } from "#tests/fixtures/services";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * The back office's one guard (`requireStaffAccess`), behind the real middleware over a real
 * session: who is sent to sign in, who to the code page, who is refused, and what the others get.
 */

let handle: TestDb;
let siteId: string;
let storeIds: number[];

async function session(role: StaffRole, twoFactorPending = false): Promise<string> {
  const [row] = await handle.owner
    .insert(staff)
    .values({
      siteId,
      email: `${role}-${Math.random().toString(36).slice(2)}@example.com`,
      role,
      passwordHash: await hashPassword("not-used-here"),
    })
    .returning({ id: staff.id });
  if (!row) throw new Error("no staff");
  const token = await startStaffSession(handle.forSite(siteId), siteId, { staffId: row.id, twoFactorPending });
  return `asid_${siteId}=${token}`;
}

/** Runs `guard` inside the admin middleware of `path`'s site, as a route's loader would; returns what it gave or threw. */
async function through(
  cookie: string | null,
  guard: (context: RouterContextProvider, request: Request) => StaffAccess,
  site = siteId,
  path = `/admin/${site}/reservations?page=2`,
): Promise<{ access?: StaffAccess; thrown?: unknown }> {
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
  const context = testRouterContext(testServices(handle.forSite(siteId)));
  const out: { access?: StaffAccess; thrown?: unknown } = {};
  const args = { request, url: new URL(request.url), context, params: { siteId: site }, pattern: "/admin/:siteId/*" };
  await adminMiddleware(args, async () => {
    try {
      out.access = guard(context, request);
    } catch (thrown) {
      out.thrown = thrown;
    }
    return new Response(null);
  });
  return out;
}

beforeAll(async () => {
  handle = await createTestDb();
  const site = await makeSite(handle.owner);
  siteId = site.siteId;
  storeIds = site.storeIds;
});

afterAll(() => handle.close());

describe("requireStaffAccess", () => {
  it("sends someone signed out to the login page, with the page to come back to", async () => {
    const { thrown } = await through(null, (c, r) => requireStaffAccess(c, r, "view"));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/admin/${siteId}/login?${new URLSearchParams({ redirect: `/admin/${siteId}/reservations?page=2` })}`,
    );
  });

  it("sends a session waiting for its second factor to the code page, before any permission", async () => {
    const cookie = await session("owner", true);
    const { thrown } = await through(cookie, (c, r) => requireStaffAccess(c, r, "site.edit"));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(`/admin/${siteId}/login/two-factor`);
  });

  it("answers 404 on a site that has no back office, signed in or not", async () => {
    const { thrown } = await through(null, (c, r) => requireStaffAccess(c, r), "no-such-site");
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).status).toBe(404);
  });

  it("refuses a permission the role lacks with a 403", async () => {
    const cookie = await session("read_only");
    const { thrown } = await through(cookie, (c, r) => requireStaffAccess(c, r, "site.edit"));
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).status).toBe(403);
    expect((thrown as AppError).code).toBe("forbidden");
  });

  it("holds store staff to their stores when a store is named", async () => {
    const cookie = await session("store_staff");
    const { thrown } = await through(cookie, (c, r) => requireStaffAccess(c, r, "store.reservations", storeIds[0]));
    expect((thrown as AppError).status).toBe(403);
  });

  it("gives the staff member, the actor, the site and the services in one call", async () => {
    const cookie = await session("manager");
    const { access, thrown } = await through(cookie, (c, r) => requireStaffAccess(c, r, "prices.edit"));
    expect(thrown).toBeUndefined();
    if (!access) throw new Error("no access");
    expect(access.siteId).toBe(siteId);
    expect(access.bundle.client.siteId).toBe(siteId);
    expect(access.staff.role).toBe("manager");
    expect(access.actor).toMatchObject({ id: access.staff.id, staffId: access.staff.id, name: access.staff.email });
    expect(access.db).toBe(access.services.db);
    // No permission named: any signed-in member of staff, even read-only.
    const readOnly = await through(await session("read_only"), (c, r) => requireStaffAccess(c, r));
    expect(readOnly.access?.staff.role).toBe("read_only");
  });
});
