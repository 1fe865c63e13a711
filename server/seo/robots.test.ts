import { describe, expect, it } from "vitest";
import { robotsTxt } from "./robots";

describe("robots.txt", () => {
  it("disallows accounts and booking steps and names each site's sitemap with an absolute URL", () => {
    const text = robotsTxt("https://booking.example.com", ["sakura", "kaede"]);
    const lines = text.trim().split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Disallow: /*/mypage");
    expect(lines).toContain("Disallow: /*/login");
    expect(lines).toContain("Disallow: /*/reserve/confirm");
    expect(lines).not.toContain("Disallow: /");
    expect(lines.filter((l) => l.startsWith("Sitemap:"))).toEqual([
      "Sitemap: https://booking.example.com/sakura/sitemap.xml",
      "Sitemap: https://booking.example.com/kaede/sitemap.xml",
    ]);
  });

  it("has no Sitemap line when no site is published", () => {
    expect(robotsTxt("http://localhost:3000", [])).not.toContain("Sitemap:");
  });
});
