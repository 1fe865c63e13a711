import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loader } from "#app/routes/catalogue";
import { LOCALES } from "#common/locales";
import { catalogueAsset, catalogueEncoding, isMailKey } from "./catalogue.server";
import { CATALOGUES } from "./messages";

const get = async (file: string, acceptEncoding?: string) => {
  const request = new Request(`http://localhost/_catalogue/${file}`, {
    headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {},
  });
  const response = (await loader({ params: { file }, request } as never)) as Response;
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    cache: response.headers.get("cache-control"),
    encoding: response.headers.get("content-encoding"),
    vary: response.headers.get("vary"),
    bytes,
    body: bytes.toString(),
  };
};

describe("the browser's catalogue (decision 027)", () => {
  it("holds every page text of its language and no mail text", () => {
    for (const locale of LOCALES) {
      const sent = JSON.parse(catalogueAsset(locale).json) as Record<string, string>;
      const all = Object.keys(CATALOGUES[locale]);
      const mail = all.filter(isMailKey);
      expect(mail.length, locale).toBeGreaterThan(10);
      expect(Object.keys(sent).sort()).toEqual(all.filter((k) => !isMailKey(k)).sort());
      expect(sent["store.listTitle"]).toBe(CATALOGUES[locale]["store.listTitle"]);
    }
    expect(isMailKey("bookingMail.borrower.subject")).toBe(true);
    expect(isMailKey("pwreset.mail.body")).toBe(true);
    expect(isMailKey("member.email")).toBe(false);
  });

  it("is named by its language and a hash of its content", () => {
    const urls = LOCALES.map((l) => catalogueAsset(l).url);
    expect(urls).toEqual([
      expect.stringMatching(/^\/_catalogue\/jp\.[0-9a-f]{12}\.json$/),
      expect.stringMatching(/^\/_catalogue\/en\.[0-9a-f]{12}\.json$/),
      expect.stringMatching(/^\/_catalogue\/kr\.[0-9a-f]{12}\.json$/),
      expect.stringMatching(/^\/_catalogue\/tw\.[0-9a-f]{12}\.json$/),
    ]);
    expect(new Set(urls).size).toBe(4);
  });

  it("is served for a year under its own name, uncached under an older one, and 404 otherwise", async () => {
    const file = catalogueAsset("ko").url.split("/").pop() as string;
    const current = await get(file);
    expect(current).toMatchObject({ status: 200, cache: "public, max-age=31536000, immutable" });
    expect(current.body).toBe(catalogueAsset("ko").json);
    expect(await get("kr.000000000000.json")).toMatchObject({ status: 200, cache: "no-cache" });
    for (const bad of ["xx.000000000000.json", "kr.json", "kr.1.json.x", "kr.1.txt", "", "../../etc/passwd"]) {
      expect((await get(bad)).status, bad).toBe(404);
    }
  });

  it("goes out in Brotli, else gzip, as the browser accepts, and decodes to the same texts", async () => {
    const file = catalogueAsset("ja").url.split("/").pop() as string;
    const json = catalogueAsset("ja").json;
    const brotli = await get(file, "gzip, deflate, br, zstd");
    expect(brotli).toMatchObject({ status: 200, encoding: "br", vary: "Accept-Encoding" });
    expect(brotliDecompressSync(brotli.bytes).toString()).toBe(json);
    const gzip = await get(file, "gzip, deflate");
    expect(gzip).toMatchObject({ encoding: "gzip", vary: "Accept-Encoding" });
    expect(gunzipSync(gzip.bytes).toString()).toBe(json);
    expect(brotli.bytes.length).toBeLessThan(gzip.bytes.length);
    expect(gzip.bytes.length).toBeLessThan(json.length / 2);
    const plain = await get(file, "identity");
    expect(plain).toMatchObject({ encoding: null, vary: "Accept-Encoding", body: json });
  });

  it("reads Accept-Encoding as browsers and proxies write it, q=0 refusing", () => {
    expect(catalogueEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(catalogueEncoding("br;q=1.0, gzip;q=0.8")).toBe("br");
    expect(catalogueEncoding("GZIP")).toBe("gzip");
    expect(catalogueEncoding("br;q=0, gzip")).toBe("gzip");
    expect(catalogueEncoding("gzip;q=0.0")).toBeNull();
    expect(catalogueEncoding("identity")).toBeNull();
    expect(catalogueEncoding("")).toBeNull();
    expect(catalogueEncoding(null)).toBeNull();
  });
});
