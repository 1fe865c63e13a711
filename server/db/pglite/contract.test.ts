import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pipelinedQuery } from "./statements";

/**
 * What the fast path takes from PGlite, all of it public API (decision 053): no private field is
 * read. These fail if an upgrade changes it, before the differential test would say why.
 */
let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
});
afterAll(async () => {
  if (!client.closed) await client.close();
});

describe("PGlite's surface the fast path stands on", () => {
  it("starts with default parameters that ours are added to", () => {
    expect(Array.isArray(PGlite.defaultStartParams)).toBe(true);
    expect(PGlite.defaultStartParams.every((p) => typeof p === "string")).toBe(true);
  });

  it("hands a raw answer over, ready for query included, before its call resolves", async () => {
    // Sync ("S"): the smallest request, answered by ready for query ("Z", 5 bytes with its status).
    const pieces: Uint8Array[] = [];
    await client.execProtocolRawStream(new Uint8Array([0x53, 0, 0, 0, 4]), {
      syncToFs: false,
      onRawData: (bytes) => pieces.push(bytes.slice()),
    });
    const whole = Buffer.concat(pieces);
    expect(whole[whole.length - 6]).toBe(0x5a);
  });

  it("has a serializer and a parser per type, the ones a statement's values and rows go through", () => {
    for (const oid of [16, 20, 23, 25, 114, 1184, 3802]) {
      expect(typeof client.serializers[oid]).toBe("function");
      expect(typeof client.parsers[oid]).toBe("function");
    }
  });

  it("says when it is closed, and a statement then fails as PGlite's own query does", async () => {
    const send = pipelinedQuery(client);
    expect(client.closed).toBe(false);
    await client.close();
    expect(client.closed).toBe(true);
    await expect(send("select 1")).rejects.toThrow("PGlite is closed");
  });
});
