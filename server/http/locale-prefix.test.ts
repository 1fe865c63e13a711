import { describe, expect, it } from "vitest";
import { prefixCaseRedirect } from "./locale-prefix";

describe("prefixCaseRedirect", () => {
  it("lower-cases a language prefix in the wrong case, keeping the rest and the query", () => {
    expect(prefixCaseRedirect("/EN/sakura", "")).toBe("/en/sakura");
    expect(prefixCaseRedirect("/Kr/kaede", "")).toBe("/kr/kaede");
    expect(prefixCaseRedirect("/tW/sakura/store/1", "?a=1&b=2")).toBe("/tw/sakura/store/1?a=1&b=2");
    expect(prefixCaseRedirect("/EN", "?lang=en")).toBe("/en?lang=en");
    expect(prefixCaseRedirect("/EN/", "")).toBe("/en/");
    expect(prefixCaseRedirect("/EN//evil.example", "")).toBe("/en//evil.example");
  });

  it("leaves lower-case prefixes, other segments and Japanese paths alone", () => {
    for (const path of [
      "/",
      "/en/sakura",
      "/kr",
      "/sakura",
      "/SAKURA",
      "/JP/sakura",
      "/ENG/sakura",
      "/EN.data",
      "//EN",
    ]) {
      expect(prefixCaseRedirect(path, ""), path).toBeNull();
    }
  });
});
