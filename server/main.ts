import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { loadConfig } from "./config";
import { createDb } from "./db/client";
import { seedDemoIfEmpty } from "./db/seed/demo";
import { createApp } from "./http/app";
import { createLogger } from "./logger";
import { createMailer } from "./mail/mailer";
import { startOutboxRelay } from "./mail/relay";
import { createSmtpTransport } from "./mail/smtp-transport";
import { createPaymentGateway } from "./payments";
import { createPostalLookup } from "./postal";
import { createSiteCache } from "./sites/site-cache";
import { createDiskBlobStore } from "./uploads/blob-store";

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const handle = await createDb(config);
  await handle.migrate();
  if (await seedDemoIfEmpty(handle.db)) logger.info("seeded the demo sites");
  // With SMTP configured, mail queued in the outbox is delivered by this relay (decision 017).
  const mailRelay =
    config.MAIL_TRANSPORT === "smtp"
      ? startOutboxRelay({ db: handle.db, transport: createSmtpTransport(config), logger })
      : undefined;
  if (mailRelay) logger.info({ smtpHost: config.SMTP_HOST, smtpPort: config.SMTP_PORT }, "mail relay started");

  const buildDir = path.resolve("build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const app = createApp({
    build,
    db: handle.db,
    siteCache: createSiteCache({ logger }),
    logger,
    productAnalyticsId: config.PRODUCT_ANALYTICS_ID,
    providerUrl: config.PROVIDER_URL,
    publicOrigin: config.PUBLIC_ORIGIN,
    mailer: createMailer(config, logger),
    payments: createPaymentGateway(config),
    postal: createPostalLookup(config, (why) => logger.warn({ why }, "postal lookup failed")),
    blobs: createDiskBlobStore(path.resolve(config.DATA_DIR, "blobs")),
    clientDir: path.relative(process.cwd(), path.join(buildDir, "client")),
  });

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info({ port: info.port, database: handle.kind }, `listening on http://localhost:${info.port}`);
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    server.close(() => {
      Promise.resolve(mailRelay?.stop())
        .catch(() => {})
        .finally(() => handle.close().finally(() => process.exit(0)));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
