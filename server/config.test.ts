import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("PUBLIC_ORIGIN", () => {
  it("is optional", () => {
    expect(loadConfig({}).PUBLIC_ORIGIN).toBeUndefined();
  });

  it("accepts an http(s) origin, with or without a trailing slash", () => {
    expect(loadConfig({ PUBLIC_ORIGIN: "https://booking.example.com/" }).PUBLIC_ORIGIN).toBe(
      "https://booking.example.com",
    );
    expect(loadConfig({ PUBLIC_ORIGIN: "http://localhost:3000" }).PUBLIC_ORIGIN).toBe("http://localhost:3000");
  });

  it.each([
    "ftp://booking.example.com",
    "booking.example.com",
    "https://booking.example.com/app",
    "https://x.example?a=1",
  ])("stops the start on %s", (value) => {
    expect(() => loadConfig({ PUBLIC_ORIGIN: value })).toThrow(/PUBLIC_ORIGIN/);
  });
});

describe("postal lookup", () => {
  it("is offline by default", () => {
    expect(loadConfig({}).POSTAL_LOOKUP).toBe("offline");
  });

  it("needs a URL for http", () => {
    expect(() => loadConfig({ POSTAL_LOOKUP: "http" })).toThrow(/POSTAL_LOOKUP_URL: is required/);
    expect(() => loadConfig({ POSTAL_LOOKUP: "http", POSTAL_LOOKUP_URL: "ftp://x.example" })).toThrow(
      /POSTAL_LOOKUP_URL/,
    );
    expect(loadConfig({ POSTAL_LOOKUP: "http", POSTAL_LOOKUP_URL: "https://zip.example/api" }).POSTAL_LOOKUP_URL).toBe(
      "https://zip.example/api",
    );
  });

  it("refuses an unknown adapter", () => {
    expect(() => loadConfig({ POSTAL_LOOKUP: "japanpost" })).toThrow(/POSTAL_LOOKUP/);
  });
});

describe("payment gateway", () => {
  it("is the simulator by default and needs no secret", () => {
    const config = loadConfig({});
    expect(config.PAYMENT_GATEWAY).toBe("simulator");
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("needs both Stripe secrets and the publishable key for stripe", () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: "stripe" })).toThrow(
      /STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET[\s\S]*STRIPE_PUBLISHABLE_KEY: is required/,
    );
    expect(() =>
      loadConfig({ PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_abc" }),
    ).toThrow(/^Invalid environment: STRIPE_PUBLISHABLE_KEY: is required when PAYMENT_GATEWAY=stripe$/);
    const config = loadConfig({
      PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_PUBLISHABLE_KEY: "pk_test_51AbCdEf",
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: "12111",
      STRIPE_API_PROTOCOL: "http",
    });
    expect(config.STRIPE_API_PORT).toBe(12111);
    expect(config.STRIPE_API_PROTOCOL).toBe("http");
    expect(config.STRIPE_PUBLISHABLE_KEY).toBe("pk_test_51AbCdEf");
  });

  it.each(["sk_test_123", "pk_123", "pk_prod_abc", "pk_test_", "pk_test_ab-c", " pk_test_abc"])(
    "refuses %j as a publishable key",
    (value) => {
      expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: value })).toThrow(
        /STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/,
      );
    },
  );

  it("accepts test and live publishable keys", () => {
    expect(loadConfig({ STRIPE_PUBLISHABLE_KEY: "pk_live_51Xyz" }).STRIPE_PUBLISHABLE_KEY).toBe("pk_live_51Xyz");
    expect(loadConfig({ STRIPE_PUBLISHABLE_KEY: "pk_test_51Xyz" }).STRIPE_PUBLISHABLE_KEY).toBe("pk_test_51Xyz");
  });

  it("refuses a publishable key of the other mode than the secret key", () => {
    const stripe = { PAYMENT_GATEWAY: "stripe", STRIPE_WEBHOOK_SECRET: "whsec_abc" };
    expect(() =>
      loadConfig({ ...stripe, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_PUBLISHABLE_KEY: "pk_live_51Xyz" }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test key/);
    expect(() =>
      loadConfig({ ...stripe, STRIPE_SECRET_KEY: "rk_live_123", STRIPE_PUBLISHABLE_KEY: "pk_test_51Xyz" }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY: is a test key but STRIPE_SECRET_KEY is a live key/);
    expect(
      loadConfig({ ...stripe, STRIPE_SECRET_KEY: "sk_live_123", STRIPE_PUBLISHABLE_KEY: "pk_live_51Xyz" })
        .STRIPE_PUBLISHABLE_KEY,
    ).toBe("pk_live_51Xyz");
  });

  it("does not need the publishable key with the simulator", () => {
    expect(loadConfig({ PAYMENT_GATEWAY: "simulator" }).STRIPE_PUBLISHABLE_KEY).toBeUndefined();
  });

  it("does not echo a malformed secret", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_live_secretvalue" })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_live_secretvalue" })).not.toThrow(/secretvalue/);
  });
});

describe("mail settings", () => {
  it("default to the offline outbox", () => {
    const c = loadConfig({});
    expect(c.MAIL_TRANSPORT).toBe("outbox");
    expect(c.MAIL_FROM).toBe("no-reply@example.com");
    expect(c.SMTP_SECURE).toBe(false);
    expect(c.SMTP_HOST).toBeUndefined();
    expect(c.SMTP_PORT).toBeUndefined();
  });

  it("read the smtp transport", () => {
    const c = loadConfig({
      MAIL_TRANSPORT: "smtp",
      SMTP_HOST: "smtp.example.com",
      SMTP_PORT: "465",
      SMTP_SECURE: "true",
      SMTP_USER: "mailer",
      SMTP_PASS: "s3cret",
      MAIL_FROM: "Sakura Rent-a-Car <no-reply@sakura.example>",
    });
    expect(c).toMatchObject({
      MAIL_TRANSPORT: "smtp",
      SMTP_HOST: "smtp.example.com",
      SMTP_PORT: 465,
      SMTP_SECURE: true,
      SMTP_USER: "mailer",
      SMTP_PASS: "s3cret",
      MAIL_FROM: "Sakura Rent-a-Car <no-reply@sakura.example>",
    });
  });

  it.each([
    ["true", true],
    ["1", true],
    ["false", false],
    ["0", false],
  ])("SMTP_SECURE=%s is %s", (value, expected) => {
    expect(loadConfig({ SMTP_SECURE: value }).SMTP_SECURE).toBe(expected);
  });

  it("stop the start when smtp has no host", () => {
    expect(() => loadConfig({ MAIL_TRANSPORT: "smtp" })).toThrow(/SMTP_HOST: is required when MAIL_TRANSPORT=smtp/);
  });

  it.each([
    [{ MAIL_TRANSPORT: "sendmail" }, /MAIL_TRANSPORT/],
    [{ SMTP_PORT: "0" }, /SMTP_PORT/],
    [{ SMTP_PORT: "smtp" }, /SMTP_PORT/],
    [{ SMTP_SECURE: "yes" }, /SMTP_SECURE: must be true, false, 1 or 0/],
    [{ MAIL_FROM: "no-reply" }, /MAIL_FROM/],
    [{ MAIL_FROM: "Sakura <no-reply@sakura.example" }, /MAIL_FROM/],
    [{ SMTP_USER: "mailer" }, /SMTP_PASS: SMTP_USER and SMTP_PASS go together/],
  ])("stop the start on %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("never print the password in the error", () => {
    expect(() => loadConfig({ SMTP_PASS: "s3cret-value", SMTP_PORT: "x" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("s3cret-value") }),
    );
  });
});

describe("PGLITE_FAST", () => {
  it("takes the fast path unless it is 0 or false, and refuses anything else", () => {
    expect(loadConfig({}).PGLITE_FAST).toBe(true);
    expect(loadConfig({ PGLITE_FAST: "0" }).PGLITE_FAST).toBe(false);
    expect(loadConfig({ PGLITE_FAST: "false" }).PGLITE_FAST).toBe(false);
    expect(() => loadConfig({ PGLITE_FAST: "fast" })).toThrow(/PGLITE_FAST/);
  });
});

describe("TRUST_PROXY", () => {
  it("is off by default and takes a hop count or addresses", () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual({ kind: "off" });
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 1 });
    expect(loadConfig({ TRUST_PROXY: "loopback,10.0.0.0/8" }).TRUST_PROXY.kind).toBe("addresses");
  });

  it("stops the start with a message naming the variable for anything else", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(
      /^Invalid environment: TRUST_PROXY: "true" is not a hop count/,
    );
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(/TRUST_PROXY/);
  });
});
