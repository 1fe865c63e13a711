import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./csp";

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split("; ").map((d) => {
      const [name, ...values] = d.split(" ");
      return [name!, values.join(" ")];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("allows scripts from this origin, this request's nonce and the tag manager only", () => {
    const policy = directives(contentSecurityPolicy("bm9uY2U+/=", "'self'"));
    expect(policy.get("script-src")).toBe("'self' 'nonce-bm9uY2U+/=' https://www.googletagmanager.com");
    expect(policy.get("default-src")).toBe("'self'");
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("base-uri")).toBe("'self'");
    expect(policy.get("form-action")).toBe("'self'");
    expect(policy.get("connect-src")).toBe(
      "'self' https://www.google-analytics.com https://*.google-analytics.com https://www.googletagmanager.com",
    );
    expect(policy.get("img-src")).toBe("'self' data: https:");
    expect(policy.get("style-src")).toBe("'self' 'unsafe-inline'");
    expect(policy.get("font-src")).toBe("'self'");
  });

  it("names who may frame the page", () => {
    expect(directives(contentSecurityPolicy("n", "'self'")).get("frame-ancestors")).toBe("'self'");
    expect(
      directives(contentSecurityPolicy("n", "'self' https://www.example.com http://localhost:*")).get(
        "frame-ancestors",
      ),
    ).toBe("'self' https://www.example.com http://localhost:*");
  });
});
