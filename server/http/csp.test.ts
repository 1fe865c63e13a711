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

  it("names no Stripe host and sets no frame-src when Stripe is not the gateway", () => {
    for (const policy of [
      contentSecurityPolicy("n", "'self'"),
      contentSecurityPolicy("n", "'self'", { stripe: false }),
    ]) {
      expect(policy).not.toMatch(/stripe/);
      expect(directives(policy).has("frame-src")).toBe(false);
    }
  });

  it("adds Stripe.js's script, frame and API hosts, and nothing else, when Stripe is the gateway", () => {
    const without = directives(contentSecurityPolicy("bm9uY2U", "'self'"));
    const policy = directives(contentSecurityPolicy("bm9uY2U", "'self'", { stripe: true }));
    expect(policy.get("script-src")).toBe(
      "'self' 'nonce-bm9uY2U' https://www.googletagmanager.com https://js.stripe.com https://*.js.stripe.com",
    );
    expect(policy.get("frame-src")).toBe(
      "'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    );
    expect(policy.get("connect-src")).toBe(
      "'self' https://www.google-analytics.com https://*.google-analytics.com https://www.googletagmanager.com https://api.stripe.com",
    );
    // Every other directive is the same as without Stripe.
    for (const [name, value] of without) {
      if (!["script-src", "connect-src"].includes(name)) expect(policy.get(name), name).toBe(value);
    }
    expect([...policy.keys()].sort()).toEqual([...without.keys(), "frame-src"].sort());
    expect(policy.get("form-action")).toBe("'self'");
    expect(policy.get("frame-ancestors")).toBe("'self'");
  });
});
