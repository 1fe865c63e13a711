import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeZip } from "#common/zip";
import { createHttpPostalLookup, lookupUrl } from "./http";
import { createOfflinePostalLookup } from "./offline";

describe("normalizeZip", () => {
  it.each([
    ["1000001", "1000001"],
    ["100-0001", "1000001"],
    ["１００－０００１", "1000001"],
    ["１００ー０００１", "1000001"],
    ["100‐0001", "1000001"],
    [" 901 0142 ", "9010142"],
    ["９０１　０１４２", "9010142"],
    ["〒100-0001", "1000001"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeZip(input)).toBe(expected);
  });

  it.each(["", "100-001", "１００００１", "10000a1", "abcdefg", "10000011", "100_0001", "①000001"])(
    "%s → null",
    (input) => {
      expect(normalizeZip(input)).toBeNull();
    },
  );
});

describe("offline lookup", () => {
  const postal = createOfflinePostalLookup();

  it("finds Chiyoda, Tokyo for 100-0001", async () => {
    expect(await postal.lookup("100-0001")).toEqual([
      { zip: "1000001", prefCode: 13, prefecture: "東京都", city: "千代田区", town: "千代田" },
    ]);
  });

  it("finds Naha, Okinawa for a full-width 901-0142", async () => {
    expect(await postal.lookup("９０１－０１４２")).toEqual([
      { zip: "9010142", prefCode: 47, prefecture: "沖縄県", city: "那覇市", town: "鏡水" },
    ]);
  });

  it("gives every town of a code shared by several", async () => {
    const results = await postal.lookup("9104276");
    expect(results.map((r) => r.town)).toEqual(["十三", "城"]);
    expect(results.every((r) => r.prefCode === 18 && r.city === "あわら市")).toBe(true);
  });

  it("gives several municipalities for a code shared across them", async () => {
    const results = await postal.lookup("2060000");
    expect(results.map((r) => r.city).sort()).toEqual(["多摩市", "稲城市"].sort());
    expect(results.every((r) => r.town === "")).toBe(true);
  });

  it("answers [] for an unknown or short code", async () => {
    expect(await postal.lookup("0000000")).toEqual([]);
    expect(await postal.lookup("100000")).toEqual([]);
  });
});

describe("http lookup", () => {
  let server: Server;
  let base: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const zip = url.searchParams.get("zipcode") ?? url.pathname.split("/").pop() ?? "";
      seen.push(url.pathname + url.search);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (zip === "1000001") {
        return json(200, {
          address: "東京都千代田区千代田",
          city: "千代田区",
          fullAddress: "東京都千代田区千代田",
          pref: "東京都",
          town: "千代田",
        });
      }
      if (zip === "9104276") {
        return json(200, [
          { address: "", city: "あわら市", fullAddress: "福井県あわら市十三", pref: "福井県", town: "十三" },
          { address: "", city: "あわら市", fullAddress: "福井県あわら市城", pref: "福井県", town: "城" },
        ]);
      }
      if (zip === "4010000") return json(401, { message: "unauthorized" });
      if (zip === "4220000") return json(422, { message: "invalid" });
      if (zip === "5000000") return json(500, { message: "boom" });
      if (zip === "2000000") return res.writeHead(200, { "content-type": "application/json" }).end("{not json");
      if (zip === "9990000") {
        // Never answers: only the client's own timeout can end this request.
        return;
      }
      return json(404, { message: "not found" });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("builds the URL with the code as query or in place of {zip}", () => {
    expect(lookupUrl("https://zip.example/api?key=k", "1000001")).toBe("https://zip.example/api?key=k&zipcode=1000001");
    expect(lookupUrl("https://zip.example/zip/{zip}.json", "1000001")).toBe("https://zip.example/zip/1000001.json");
  });

  it("maps the service's shape, sending the normalised 7 digits", async () => {
    const postal = createHttpPostalLookup({ baseUrl: `${base}/lookup` });
    expect(await postal.lookup("１００-０００１")).toEqual([
      { zip: "1000001", prefCode: 13, prefecture: "東京都", city: "千代田区", town: "千代田" },
    ]);
    expect(seen).toContain("/lookup?zipcode=1000001");
  });

  it("maps several results", async () => {
    const postal = createHttpPostalLookup({ baseUrl: `${base}/zip/{zip}` });
    const results = await postal.lookup("910-4276");
    expect(results.map((r) => [r.prefCode, r.city, r.town])).toEqual([
      [18, "あわら市", "十三"],
      [18, "あわら市", "城"],
    ]);
  });

  it.each([
    ["4010000", "status 401"],
    ["4040000", "status 404"],
    ["4220000", "status 422"],
    ["5000000", "status 500"],
    ["2000000", "network or parse error"],
  ])("answers [] for %s (%s)", async (zip, why) => {
    const failures: string[] = [];
    const postal = createHttpPostalLookup({ baseUrl: `${base}/lookup`, onFailure: (w) => failures.push(w) });
    expect(await postal.lookup(zip)).toEqual([]);
    expect(failures).toEqual([why]);
  });

  it("answers [] after its timeout when the service never answers", async () => {
    const failures: string[] = [];
    const postal = createHttpPostalLookup({
      baseUrl: `${base}/lookup`,
      timeoutMs: 300,
      onFailure: (w) => failures.push(w),
    });
    // The service never answers, so an answer at all proves the bound; how long it took is bench's business.
    expect(await postal.lookup("9990000")).toEqual([]);
    expect(failures).toEqual(["timeout"]);
  });

  it("does not call the service under 7 digits", async () => {
    const before = seen.length;
    const postal = createHttpPostalLookup({ baseUrl: `${base}/lookup` });
    expect(await postal.lookup("100-000")).toEqual([]);
    expect(seen.length).toBe(before);
  });

  it("answers [] when nothing listens", async () => {
    const postal = createHttpPostalLookup({ baseUrl: "http://127.0.0.1:9/lookup", timeoutMs: 1000 });
    expect(await postal.lookup("1000001")).toEqual([]);
  });
});
