import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openPostgres } from "#server/db/client";
import { seedDemoIfEmpty } from "#server/db/seed/demo";
import { assertRequestRoleIsLimited } from "#server/db/tenancy";
import { siteOfPath } from "#server/http/app";
import { withDatabase } from "#tests/setup/global-db";
import { createTestDb, type TestDb, usingPostgres } from "#tests/setup/test-db";

// Decision 022: every tenant table answers only the rows of the site its connection is scoped to.
// This file tests the policies themselves, so it compares what the owner sees with what the app role sees.
let handle: TestDb;
let tenantTables: string[];

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Rows per site in `table`, as the scope sees them. */
async function sitesIn(db: Db, table: string): Promise<Record<string, number>> {
  const found = await rows<{ site_id: string; n: number }>(
    db,
    sql.raw(`select site_id, count(*)::int as n from "${table}" group by site_id`),
  );
  return Object.fromEntries(found.map((r) => [r.site_id, r.n]));
}

beforeAll(async () => {
  handle = await createTestDb();
  await seedDemoIfEmpty(handle.owner);
  tenantTables = (
    await rows<{ table_name: string }>(
      handle.owner,
      sql`select c.table_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and c.column_name = 'site_id' and t.table_type = 'BASE TABLE'
          order by 1`,
    )
  ).map((r) => r.table_name);
});
afterAll(() => handle.close());

describe("row-level security", () => {
  it("is enabled, forced and has the site policy on every table with a site_id", async () => {
    expect(tenantTables).toEqual(expect.arrayContaining(["clients", "members", "reservations", "sessions", "drivers"]));
    const unguarded = await rows<{ relname: string }>(
      handle.owner,
      sql`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relname in ${tenantTables}
            and not (c.relrowsecurity and c.relforcerowsecurity
                     and exists (select 1 from pg_policies p where p.tablename = c.relname and p.policyname = 'site_isolation'))`,
    );
    expect(unguarded.map((r) => r.relname)).toEqual([]);
  });

  it("runs site queries as a role that is neither superuser nor BYPASSRLS", async () => {
    const [me] = await rows<{ user: string; rolsuper: boolean; rolbypassrls: boolean; site: string }>(
      handle.forSite("sakura"),
      sql`select current_user as user, rolsuper, rolbypassrls, current_setting('app.site_id') as site
          from pg_roles where rolname = current_user`,
    );
    expect(me).toEqual({ user: "rentacar_app", rolsuper: false, rolbypassrls: false, site: "sakura" });
  });

  it("with the site set to A, reads only A's rows in every tenant table", async () => {
    const sakura = handle.forSite("sakura");
    let seen = 0;
    for (const table of tenantTables) {
      const all = await sitesIn(handle.owner, table);
      const visible = await sitesIn(sakura, table);
      expect(
        Object.keys(visible).filter((s) => s !== "sakura"),
        table,
      ).toEqual([]);
      expect(visible.sakura ?? 0, table).toBe(all.sakura ?? 0);
      seen += visible.sakura ?? 0;
    }
    expect(seen).toBeGreaterThan(50);
    // The seed's other sites exist, so the filter above had something to hide.
    expect(Object.keys(await sitesIn(handle.owner, "clients")).length).toBeGreaterThanOrEqual(3);
  });

  it("with the site set to A, cannot write B's rows", async () => {
    const sakura = handle.forSite("sakura");
    const updated = await rows<{ site_id: string }>(
      sakura,
      sql`update site_settings set default_start_time = '04:00' where site_id = 'kaede' returning site_id`,
    );
    expect(updated).toEqual([]);
    const deleted = await rows<{ id: number }>(sakura, sql`delete from stores where site_id = 'kaede' returning id`);
    expect(deleted).toEqual([]);
    await expect(
      sakura.execute(
        sql`insert into site_news (site_id, published_on, title, body) values ('kaede', current_date, 'x', 'x')`,
      ),
    ).rejects.toThrow();
    // Moving a row of A's to B is refused too (the policy's WITH CHECK).
    await expect(sakura.execute(sql`update stores set site_id = 'kaede' where site_id = 'sakura'`)).rejects.toThrow();
    expect((await sitesIn(handle.owner, "stores")).kaede).toBeGreaterThan(0);
    const [kaede] = await rows<{ default_start_time: string }>(
      handle.owner,
      sql`select default_start_time from site_settings where site_id = 'kaede'`,
    );
    expect(kaede?.default_start_time).not.toBe("04:00");
  });

  it("with no site set, tenant tables return nothing", async () => {
    const none = handle.forSite("");
    for (const table of tenantTables) expect(await sitesIn(none, table), table).toEqual({});
    expect(await sitesIn(handle.forSite("no-such-site"), "clients")).toEqual({});
  });

  it("keeps each scope's site when many requests of two sites interleave, in and out of transactions", async () => {
    const work = Array.from({ length: 60 }, (_, i) => {
      const site = i % 2 ? "sakura" : "kaede";
      const db = handle.forSite(site);
      const read =
        i % 3 === 0
          ? db.transaction(async (tx) => {
              await tx.execute(sql`select 1`);
              return sitesIn(tx as unknown as Db, "stores");
            })
          : sitesIn(db, "stores");
      return read.then((seen) => ({ site, sites: Object.keys(seen) }));
    });
    for (const { site, sites } of await Promise.all(work)) expect(sites).toEqual([site]);
    // The owner, used between them, still sees every site.
    expect(Object.keys(await sitesIn(handle.owner, "stores")).length).toBeGreaterThanOrEqual(2);
  });
});

// The production set-up on PostgreSQL: the app logs in as its own role, the owner only migrates.
describe.skipIf(!usingPostgres)("a separate app login (DATABASE_APP_URL)", () => {
  it("applies the policies to the app's login and refuses to start with a superuser one", async () => {
    const [{ name } = { name: "" }] = await rows<{ name: string }>(
      handle.owner,
      sql`select current_database() as name`,
    );
    const ownerUrl = withDatabase(process.env.TEST_DATABASE_URL ?? "", name);
    await handle.owner.execute(sql`do $$ begin
      create role rentacar_app_login login in role rentacar_app;
      exception when duplicate_object or unique_violation then null; end $$`);
    const login = new URL(ownerUrl);
    login.username = "rentacar_app_login";
    const separate = openPostgres(ownerUrl, 2, undefined, login.toString());
    try {
      await assertRequestRoleIsLimited(separate.forSite);
      const [me] = await rows<{ user: string }>(separate.forSite("kaede"), sql`select current_user as user`);
      expect(me?.user).toBe("rentacar_app_login");
      expect(Object.keys(await sitesIn(separate.forSite("kaede"), "members"))).toEqual(["kaede"]);
      expect(await sitesIn(separate.forSite(""), "members")).toEqual({});
    } finally {
      await separate.close();
    }
    const superuser = openPostgres(ownerUrl, 2, undefined, ownerUrl);
    try {
      await expect(assertRequestRoleIsLimited(superuser.forSite)).rejects.toThrow(/DATABASE_APP_URL/);
    } finally {
      await superuser.close();
    }
  });
});

describe("siteOfPath", () => {
  it("reads the site from the path, after a language prefix, and nothing from other paths", () => {
    expect(siteOfPath("/sakura")).toBe("sakura");
    expect(siteOfPath("/en/sakura/reserve/confirm")).toBe("sakura");
    expect(siteOfPath("/sakura.data")).toBe("sakura");
    expect(siteOfPath("/tw/kaede/")).toBe("kaede");
    expect(siteOfPath("/")).toBe("");
    expect(siteOfPath("/_webhooks/payments")).toBe("");
    expect(siteOfPath("/en")).toBe("");
  });

  it("reads the back office's site after /admin, and no site from /admin alone (decision 029)", () => {
    expect(siteOfPath("/admin/sakura")).toBe("sakura");
    expect(siteOfPath("/admin/kaede/stores/3")).toBe("kaede");
    expect(siteOfPath("/admin/sakura.data")).toBe("sakura");
    expect(siteOfPath("/admin")).toBe("");
    expect(siteOfPath("/admin/")).toBe("");
    expect(siteOfPath("/admin/%2e%2e")).toBe("");
  });
});
