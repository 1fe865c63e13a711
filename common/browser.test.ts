import { describe, expect, it } from "vitest";
import { isSupportedBrowser } from "./browser";

describe("supported browser", () => {
  it("accepts Chrome, Edge and Safari", () => {
    expect(isSupportedBrowser("Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36")).toBe(
      true,
    );
    expect(isSupportedBrowser("Mozilla/5.0 (Windows NT 10.0) Edg/130.0")).toBe(true);
    expect(
      isSupportedBrowser("Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1"),
    ).toBe(true);
  });

  it("flags agents lacking all three", () => {
    expect(isSupportedBrowser("Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0")).toBe(false);
    expect(isSupportedBrowser("Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)")).toBe(false);
  });
});
