import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureCode } from "#app/components/admin/webhook-deliveries";
import { ADMIN_CATALOGUES } from "#app/i18n/admin";
import { webhookDeliveries, webhookEndpoints } from "#server/db/schema";
import { deliverDueWebhooks } from "#server/webhooks/delivery";
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  newWebhookSecret,
} from "#server/webhooks/endpoints";
import { recordWebhookEvent, type WebhookEventData } from "#server/webhooks/events";
import type { LookupAll } from "#server/webhooks/outbound";
import { webhookEndpointSchema } from "#server/webhooks/webhook.schema";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { OWNER, parsed } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * Issue 38, part 1 (decision 046): webhook endpoints lead to public addresses only. Saving refuses a
 * URL whose host is or resolves inside the network; sending refuses a connection to such an
 * address whatever the name resolved to when it was saved; the log says so in the owner's language.
 * Names are resolved by an injected lookup: this machine has no DNS.
 */

/** The loopback exception on (development, the tests): what it allows must still not open the rest. */
const RULES = { allowHttpLoopback: true };
const PRODUCTION = { allowHttpLoopback: false };

let handle: TestDb;
let server: Server;
let port: number;
let received = 0;

beforeAll(async () => {
  handle = await createTestDb();
  server = createServer((req, res) => {
    req.resume();
    received++;
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await handle.close();
});

/** A resolver answering from a table, like DNS; unknown names are ENOTFOUND. */
function resolver(entries: Record<string, string>): LookupAll {
  return async (hostname) => {
    const address = entries[hostname];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return [{ address, family: address.includes(":") ? 6 : 4 }];
  };
}

const input = (url: string) => parsed(webhookEndpointSchema(RULES), { url, event_types: [] });
const EVENT = { reservation: { reserveNo: "260101-TEST" } } as unknown as WebhookEventData;

describe("saving an endpoint", () => {
  it("refuses the forms the probe got through, in the form and past it, with the field's message", async () => {
    const { siteId } = await makeSite(handle.owner);
    const db = handle.forSite(siteId);
    const cases: [string, { allowHttpLoopback: boolean }][] = [
      ["https://localhost./", PRODUCTION],
      ["https://[::127.0.0.1]/", PRODUCTION],
      ["https://[64:ff9b::7f00:1]/", PRODUCTION],
      // Under the loopback exception too: it covers loopback written plainly, not these forms.
      ["https://[::127.0.0.1]/", RULES],
      ["https://[64:ff9b::7f00:1]/", RULES],
      ["https://[2002:7f00:1::]/", RULES],
      ["https://[::ffff:127.0.0.1]/", RULES],
    ];
    for (const [url, rules] of cases) {
      const form = webhookEndpointSchema(rules).safeParse({ url, event_types: [] });
      expect([url, form.error?.issues.map((i) => [i.path[0], i.message])]).toEqual([
        url,
        [["url", "webhook_url_private"]],
      ]);
      const error = await refusal(
        createWebhookEndpoint(db, siteId, OWNER, { url, description: "", event_types: [] }, rules),
      );
      expect([url, error.status, error.details.fieldErrors]).toEqual([
        url,
        422,
        { url: { code: "webhook_url_private" } },
      ]);
    }
    expect(await listWebhookEndpoints(db, siteId, OWNER)).toEqual([]);
    // The message shown next to the field, in each of the back office's languages.
    expect(ADMIN_CATALOGUES.en["admin.reason.webhook_url_private"]).toMatch(/private network/);
    expect(ADMIN_CATALOGUES.ja["admin.reason.webhook_url_private"]).toMatch(/社内ネットワーク/);
  });

  it("refuses a name that resolves to this machine or inside the network; takes one that resolves outside", async () => {
    const { siteId } = await makeSite(handle.owner);
    const db = handle.forSite(siteId);
    const lookup = resolver({
      "127.0.0.1.nip.io": "127.0.0.1",
      "localtest.me": "::1",
      "metadata.example.com": "169.254.169.254",
      "hooks.example.com": "93.184.216.34",
    });
    for (const host of ["127.0.0.1.nip.io", "localtest.me", "metadata.example.com"]) {
      const error = await refusal(
        createWebhookEndpoint(db, siteId, OWNER, input(`https://${host}/h`), RULES, { lookup }),
      );
      expect([host, error.details.fieldErrors]).toEqual([host, { url: { code: "webhook_url_private" } }]);
    }
    await createWebhookEndpoint(db, siteId, OWNER, input("https://hooks.example.com/h"), PRODUCTION, { lookup });
    // Not resolvable now: taken, the check at sending guards it.
    await createWebhookEndpoint(db, siteId, OWNER, input("https://later.example.com/h"), PRODUCTION, { lookup });
    expect((await listWebhookEndpoints(db, siteId, OWNER)).map((e) => e.url)).toEqual([
      "https://hooks.example.com/h",
      "https://later.example.com/h",
    ]);
  });
});

describe("sending", () => {
  it("refuses a name that resolves home by then, and a row written past the form; the log says why, in codes", async () => {
    const { siteId } = await makeSite(handle.owner);
    const db = handle.forSite(siteId);
    // Saved while the name led outside; by the time of sending it leads to this machine (DNS rebinding).
    const url = `https://rebind.example.com:${port}/hooks`;
    await createWebhookEndpoint(db, siteId, OWNER, input(url), RULES, {
      lookup: resolver({ "rebind.example.com": "93.184.216.34" }),
    });
    // Written around the form (SQL): a loopback form the exception does not cover.
    await handle.owner
      .insert(webhookEndpoints)
      .values({ siteId, url: `https://[::ffff:127.0.0.1]:${port}/hooks`, eventTypes: [], secret: newWebhookSecret() });
    // A name that does not resolve at all: a network failure, told without the resolver's words.
    await createWebhookEndpoint(db, siteId, OWNER, input(`https://gone.example.com:${port}/h`), RULES, {
      lookup: resolver({}),
    });
    await recordWebhookEvent(db, siteId, "reservation.created", EVENT);

    const before = received;
    const outcome = await deliverDueWebhooks(handle.server, {
      now: new Date(),
      rules: RULES,
      lookup: resolver({ "rebind.example.com": "127.0.0.1" }),
    });
    expect(outcome).toEqual({ succeeded: 0, retrying: 3, failed: 0 });
    expect(received).toBe(before);

    const rows = await listWebhookDeliveries(db, siteId, OWNER);
    const byUrl = Object.fromEntries(rows.map((r) => [r.endpointUrl, [r.lastError, r.lastStatusCode]]));
    expect(byUrl).toEqual({
      [url]: ["address_refused", null],
      [`https://[::ffff:127.0.0.1]:${port}/hooks`]: ["address_refused", null],
      [`https://gone.example.com:${port}/h`]: ["connect_failed", null],
    });
    const stored = await db
      .select({ e: webhookDeliveries.lastError })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.siteId, siteId));
    expect(JSON.stringify(stored)).not.toMatch(/E[A-Z]{4,}|getaddrinfo/);
  });

  it("the log's words in each of the back office's languages, for stored codes and for rows from before them", () => {
    const text = (locale: "ja" | "en", stored: string) =>
      ADMIN_CATALOGUES[locale][`admin.webhooks.failure.${failureCode(stored)}`];
    expect(text("en", "address_refused")).toBe("Refused: address not allowed");
    expect(text("en", "connect_failed")).toBe("Could not connect");
    expect(text("ja", "address_refused")).toBe("拒否：許可されていないアドレスです");
    expect(text("ja", "connect_failed")).toBe("接続できませんでした");
    // Older rows held errno codes and status lines: shown as what they mean, never as stored.
    for (const old of ["ENOTFOUND", "EHOSTUNREACH", "ECONNREFUSED", "TypeError"]) {
      expect(failureCode(old)).toBe("connect_failed");
    }
    expect(failureCode("url_refused")).toBe("address_refused");
    expect(failureCode("HTTP 503")).toBe("http_status");
  });
});
