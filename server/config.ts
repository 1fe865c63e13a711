import { z } from "zod";
import { parseTrustProxy } from "./http/proxy";

const flag = z
  .enum(["true", "false", "1", "0"], { error: "must be true, false, 1 or 0" })
  .transform((v) => v === "true" || v === "1");

/** An address, or a display name and an address: `Sakura Rent-a-Car <no-reply@example.com>`. */
const MAIL_ADDRESS = /^(?:[^<>\r\n]+ <)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/;

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    /**
     * The app's own PostgreSQL login, neither superuser nor BYPASSRLS (decision 022); DATABASE_URL is
     * then the owner's, for migrations and cross-site jobs. Unset: the owner's connections drop to
     * the rentacar_app role for every request.
     */
    DATABASE_APP_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    /**
     * PGlite's fast path (decision 053): statements on the wire, kept prepared, on a thread of its
     * own. `0` falls back to Drizzle's stock PGlite driver on the server's thread.
     */
    PGLITE_FAST: flag.default(true),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Analytics id of the platform itself, injected on every page (spec §2). */
    PRODUCT_ANALYTICS_ID: z
      .string()
      .regex(/^G-[A-Z0-9]+$/)
      .default("G-RSVPLATFORM1"),
    /** Where the footer's powered-by link points. */
    PROVIDER_URL: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .default("https://example.com/rentacar-platform"),
    /**
     * The public origin (`https://booking.example.com`) of canonical, alternate, Open Graph, sitemap
     * and robots.txt URLs. Unset: the origin of each request.
     */
    PUBLIC_ORIGIN: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .refine((v) => {
        if (!URL.canParse(v)) return true; // the URL check above reports it
        const u = new URL(v);
        return u.pathname === "/" && !u.search && !u.hash && !u.username && !u.password;
      }, "must be an origin only, such as https://booking.example.com (no path, query or credentials)")
      .transform((v) => new URL(v).origin)
      .optional(),
    /**
     * The reverse proxies whose `Forwarded` / `X-Forwarded-*` headers are believed (decision 026): a
     * hop count, or addresses and CIDR ranges (`loopback`, `private`). Unset: none, the headers are ignored.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseTrustProxy(value);
        } catch (err) {
          ctx.addIssue({ code: "custom", message: (err as Error).message });
          return z.NEVER;
        }
      }),
    /** Address search (spec §7): Japan Post's data bundled offline (default) or a third-party service. */
    POSTAL_LOOKUP: z.enum(["offline", "http"]).default("offline"),
    /** The service's URL when POSTAL_LOOKUP=http; `{zip}` is replaced, else `?zipcode=` is added. */
    POSTAL_LOOKUP_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    /** Card payments: the offline simulator (default) or Stripe. */
    PAYMENT_GATEWAY: z.enum(["simulator", "stripe"]).default("simulator"),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_… or rk_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, "must be a Stripe webhook secret (whsec_…)")
      .optional(),
    /** Public: Stripe.js in the card pages makes PaymentMethods with it (decision 024). */
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe publishable key (pk_test_… or pk_live_…)")
      .optional(),
    /** Where the Stripe SDK sends requests; for tests against a local server only. */
    STRIPE_API_HOST: z.string().min(1).optional(),
    STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
    /** `outbox`: mail is only stored (offline default); `smtp`: an outbox relay delivers it (decision 017). */
    MAIL_TRANSPORT: z.enum(["outbox", "smtp"]).default("outbox"),
    MAIL_FROM: z
      .string()
      .regex(MAIL_ADDRESS, "must be an address or `Name <address>`")
      .refine((v) => v.includes("<") === v.endsWith(">"), "must be an address or `Name <address>`")
      .default("no-reply@example.com"),
    SMTP_HOST: z.string().min(1).optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
    SMTP_SECURE: flag.default(false),
    SMTP_USER: z.string().min(1).optional(),
    /**
     * Webhook endpoints may be plain http on this machine (127.0.0.1, localhost): for a receiver
     * under test. Off by default: in production a back-office account must not reach the machine's
     * own ports (decision 034). Development (NODE_ENV other than production) allows it anyway.
     */
    WEBHOOK_HTTP_LOOPBACK: flag.default(false),
    /** How long an anonymous visitor's public page is served again (decision 036); 0 turns it off. */
    PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    SMTP_PASS: z.string().min(1).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.DATABASE_APP_URL && !c.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: "is required when DATABASE_APP_URL is set" });
    }
    if (c.POSTAL_LOOKUP === "http" && !c.POSTAL_LOOKUP_URL) {
      ctx.addIssue({ code: "custom", path: ["POSTAL_LOOKUP_URL"], message: "is required when POSTAL_LOOKUP=http" });
    }
    if (c.PAYMENT_GATEWAY === "stripe") {
      for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY"] as const) {
        if (!c[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when PAYMENT_GATEWAY=stripe" });
      }
      // A test key on one side and a live key on the other: PaymentMethods made in the browser
      // would not exist for the server's account.
      const secretMode = /^(?:sk|rk)_(test|live)_/.exec(c.STRIPE_SECRET_KEY ?? "")?.[1];
      const publicMode = /^pk_(test|live)_/.exec(c.STRIPE_PUBLISHABLE_KEY ?? "")?.[1];
      if (secretMode && publicMode && secretMode !== publicMode) {
        ctx.addIssue({
          code: "custom",
          path: ["STRIPE_PUBLISHABLE_KEY"],
          message: `is a ${publicMode} key but STRIPE_SECRET_KEY is a ${secretMode} key`,
        });
      }
    }
    if (c.MAIL_TRANSPORT === "smtp" && !c.SMTP_HOST) {
      ctx.addIssue({ code: "custom", path: ["SMTP_HOST"], message: "is required when MAIL_TRANSPORT=smtp" });
    }
    if (Boolean(c.SMTP_USER) !== Boolean(c.SMTP_PASS)) {
      ctx.addIssue({ code: "custom", path: ["SMTP_PASS"], message: "SMTP_USER and SMTP_PASS go together" });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

/** Bad variables: one line naming each of them is the whole start failure (issue 10). */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message.replace(/\s+/g, " ")}`);
    throw new ConfigError(`Invalid environment: ${problems.join("; ")}`);
  }
  return parsed.data;
}
