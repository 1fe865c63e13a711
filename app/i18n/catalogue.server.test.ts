import { describe, expect, it } from "vitest";
import { LOCALES } from "../../common/locales";
import { loader } from "../routes/catalogue";
import { catalogueAsset, isMailKey } from "./catalogue.server";
import { CATALOGUES } from "./messages";

const get = async (file: string) => {
  const response = (await loader({ params: { file } } as never)) as Response;
  return { status: response.status, cache: response.headers.get("cache-control"), body: await response.text() };
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
});
