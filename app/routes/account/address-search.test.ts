import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteMiddleware } from "#app/lib/site.server";
import type { PostalLookup } from "#server/postal";
import { testRouterContext, testServices } from "#tests/fixtures/services";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { loader } from "./address-search";

let handle: TestDb;
let siteId: string;
beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
});
afterAll(() => handle.close());

/** GET `/{site}/address-search?zip=…` through the site middleware, as the browser's lookup sends it. */
async function search(zip: string | null, postal?: PostalLookup) {
  const path = `/${siteId}/address-search${zip === null ? "" : `?zip=${encodeURIComponent(zip)}`}`;
  const request = new Request(`http://localhost${path}`);
  const context = testRouterContext(testServices(handle.forSite(siteId), postal ? { postal } : {}));
  const args = { request, url: new URL(request.url), context, params: { siteId }, pattern: "/:siteId/address-search" };
  let response: Response | undefined;
  await siteMiddleware(args, async () => {
    response = await loader({ ...args, params: { siteId } } as unknown as Parameters<typeof loader>[0]);
    return response;
  });
  if (!response) throw new Error("no response");
  return { status: response.status, body: (await response.json()) as { results: unknown[] } };
}

describe("address search route", () => {
  it("finds Chiyoda for 1000001, also typed full-width with a hyphen", async () => {
    const expected = { results: [{ prefCode: 13, prefecture: "東京都", city: "千代田区", town: "千代田" }] };
    expect(await search("1000001")).toEqual({ status: 200, body: expected });
    expect(await search("１００－０００１")).toEqual({ status: 200, body: expected });
  });

  it("gives every place of a code shared by several", async () => {
    const { body } = await search("9104276");
    expect(body.results).toEqual([
      { prefCode: 18, prefecture: "福井県", city: "あわら市", town: "十三" },
      { prefCode: 18, prefecture: "福井県", city: "あわら市", town: "城" },
    ]);
  });

  it.each([null, "", "100", "100-001", "abcdefg", "10000011", "0000000", "<script>"])(
    "answers 200 with no results for %s",
    async (zip) => {
      expect(await search(zip)).toEqual({ status: 200, body: { results: [] } });
    },
  );

  it("answers 200 with no results when the lookup service throws", async () => {
    const failing: PostalLookup = {
      lookup: () => Promise.reject(new Error("down")),
    };
    expect(await search("1000001", failing)).toEqual({ status: 200, body: { results: [] } });
  });
});
