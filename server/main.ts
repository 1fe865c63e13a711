import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { loadConfig } from "./config";
import { createDb } from "./db/client";
import { seedDemoIfEmpty } from "./db/seed/demo";
import { assertRequestRoleIsLimited } from "./db/tenancy";
import { createApp } from "./http/app";
import { loadFingerprintKey } from "./http/fingerprint-key";
import { createPageCache } from "./http/page-cache";
import { publicPagesOf } from "./http/public-pages";
import { type OperationMailsFactory, startReconciliation } from "./ledger/reconcile";
import { createLogger } from "./logger";
import { createMailer } from "./mail/mailer";
import { startOutboxRelay } from "./mail/relay";
import { createSmtpTransport } from "./mail/smtp-transport";
import { onBackupSignal } from "./ops/backup";
import { gracefulStop, STOP_GRACE_MS } from "./ops/shutdown";
import { listenAddress, listening, openDatabase, portAvailable } from "./ops/startup-checks";
import { describeStartupError } from "./ops/startup-error";
import { createPaymentGateway } from "./payments";
import { createPostalLookup } from "./postal";
import { createSiteCache } from "./sites/site-cache";
import { createDiskBlobStore } from "./uploads/blob-store";
import { startWebhookWorker } from "./webhooks/delivery";
import { webhookUrlRules } from "./webhooks/webhook.schema";

/** How long an idle kept-alive connection stays open: longer than clients and proxies keep theirs. */
const KEEP_ALIVE_MS = 65_000;

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  // HOST and PORT first: neither waits for the database to be opened and migrated to fail.
  const address = await listenAddress(config.HOST, config.PORT);
  await portAvailable(address, config.PORT, config.HOST);
  const handle = await openDatabase(config, () =>
    createDb(config, (err) =>
      logger.error({ err: err.message }, "PostgreSQL connection lost; a new one opens on the next query"),
    ),
  );
  await handle.migrate();
  await assertRequestRoleIsLimited(handle.forSite);
  if (await seedDemoIfEmpty(handle.db)) logger.info("seeded the demo sites");
  // PGlite: `npm run db:backup` asks this process for an archive with SIGUSR2.
  onBackupSignal(handle, config.DATA_DIR, logger);
  // With SMTP configured, mail queued in the outbox is delivered by this relay (decision 017).
  const mailRelay =
    config.MAIL_TRANSPORT === "smtp"
      ? startOutboxRelay({ handle, transport: createSmtpTransport(config), logger })
      : undefined;
  if (mailRelay) logger.info({ smtpHost: config.SMTP_HOST, smtpPort: config.SMTP_PORT }, "mail relay started");
  // Webhook deliveries queued by bookings go out from here, for every site (decision 034).
  const webhookWorker = startWebhookWorker({
    handle,
    logger,
    fetch: globalThis.fetch,
    rules: webhookUrlRules(process.env.NODE_ENV, config.WEBHOOK_HTTP_LOOPBACK),
  });

  const buildDir = path.resolve("build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  // Card attempts left without an outcome (a crash, a lost answer) are settled by the gateway's record.
  const entry = build.entry.module as unknown as { operationMails?: OperationMailsFactory };
  const mailer = createMailer(config, logger);
  const payments = createPaymentGateway(config);
  const siteCache = createSiteCache({ logger });
  const reconciliation = entry.operationMails
    ? startReconciliation({
        database: handle,
        logger,
        deps: {
          payments,
          mailer,
          logger,
          mails: entry.operationMails({
            siteCache,
            forSite: handle.forSite,
            origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`,
          }),
        },
      })
    : undefined;
  const stopper = gracefulStop(logger);
  const app = createApp({
    build,
    stopping: stopper.stopping,
    database: handle,
    siteCache,
    pageCache: createPageCache({ ttlMs: config.PAGE_CACHE_MS, isPublicPage: publicPagesOf(build) }),
    logger,
    productAnalyticsId: config.PRODUCT_ANALYTICS_ID,
    providerUrl: config.PROVIDER_URL,
    publicOrigin: config.PUBLIC_ORIGIN,
    webhookHttpLoopback: config.WEBHOOK_HTTP_LOOPBACK,
    trustProxy: config.TRUST_PROXY,
    mailer,
    payments,
    stripePublishableKey: config.PAYMENT_GATEWAY === "stripe" ? config.STRIPE_PUBLISHABLE_KEY : undefined,
    postal: createPostalLookup(config, (why) => logger.warn({ why }, "postal lookup failed")),
    fingerprintKey: loadFingerprintKey(config.DATA_DIR),
    blobs: createDiskBlobStore(path.resolve(config.DATA_DIR, "blobs")),
    media: createDiskBlobStore(path.resolve(config.DATA_DIR, "media")),
    clientDir: path.relative(process.cwd(), path.join(buildDir, "client")),
  });

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: address }, (info) => {
    logger.info({ port: info.port, database: handle.kind }, `listening on http://localhost:${info.port}`);
  });
  await listening(server, config.PORT, config.HOST);
  // Node closes a kept-alive connection after 5 idle seconds, while clients and proxies keep theirs
  // for a minute (nginx's upstream keepalive, browsers): a request sent as the server closes the
  // socket fails with ECONNRESET. Idle connections outlive the clients' instead; a stop still closes
  // them once quiet (server/ops/shutdown.ts).
  (server as Server).keepAliveTimeout = KEEP_ALIVE_MS;
  (server as Server).headersTimeout = KEEP_ALIVE_MS + 1000;

  stopper.track(server as Server);
  const release = async () => {
    await Promise.resolve(mailRelay?.stop()).catch(() => {});
    await webhookWorker.stop().catch(() => {});
    await reconciliation?.stop().catch(() => {});
    // PGlite writes its pages out now, so the next start needs no recovery.
    if (handle.kind === "pglite") await handle.db.execute(sql`checkpoint`);
    await handle.close();
  };
  const shutdown = (signal: string) => {
    if (stopper.stopping()) {
      logger.warn({ signal }, "second stop signal: exiting now");
      process.exit(1);
    }
    // A release that hangs must not keep the process: the grace period, then five seconds.
    setTimeout(() => process.exit(1), STOP_GRACE_MS + 5000).unref();
    stopper.stop(server as Server, signal, release).then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, "stopping failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

// One line naming the cause and the variable to fix, no stack trace (issue 10).
main().catch((err) => {
  console.error(describeStartupError(err, process.env));
  process.exit(1);
});
