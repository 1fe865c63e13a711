// npm run site:create -- --client-id 90 --site-id ume --plan premium --owner owner@example.com [--owner-lang ja|en]
// The provider's command: a new rental company's client and site (spec defaults, unpublished), and
// its owner's invitation by mail. Against DATABASE_URL, or the PGlite data dir (server stopped).
import { parseArgs } from "node:util";
import { siteTitleIn, staffLinkFor, staffLinkMail } from "#app/presenters/staff-mail.server";
import { parseAdminLocale } from "#common/admin";
import { loadConfig } from "#server/config";
import { createDb } from "#server/db/client";
import { createMailer } from "#server/mail/mailer";
import { openDatabase } from "#server/ops/startup-checks";
import { describeStartupError } from "#server/ops/startup-error";
import { newSiteProblem, parsePlan, provisionSite } from "#server/sites/provision";

const USAGE =
  "usage: npm run site:create -- --client-id N --site-id SLUG --plan light|standard|standard-plus|premium --owner EMAIL [--owner-lang ja|en]";

const { values } = parseArgs({
  options: {
    "client-id": { type: "string" },
    "site-id": { type: "string" },
    plan: { type: "string" },
    owner: { type: "string" },
    "owner-lang": { type: "string", default: "ja" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const plan = parsePlan(values.plan ?? "");
const ownerLocale = parseAdminLocale(values["owner-lang"]);
if (!values["client-id"] || !values["site-id"] || !values.owner || plan === null || !ownerLocale) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const input = {
  clientId: Number(values["client-id"]),
  siteId: values["site-id"],
  plan,
  ownerEmail: values.owner.trim(),
  ownerLocale,
};
let handle: Awaited<ReturnType<typeof createDb>>;
try {
  handle = await openDatabase(config, () => createDb(config));
  await handle.migrate();
} catch (err) {
  console.error(describeStartupError(err, process.env));
  process.exit(1);
}
try {
  const problem = await newSiteProblem(handle.db, input);
  if (problem) throw new Error(problem);
  const origin = config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`;
  const { siteId } = await provisionSite(handle.db, input, {
    mailer: createMailer(config),
    mail: staffLinkMail(siteTitleIn(input.siteId, { siteTitle: input.siteId, siteTitleEn: null }), "invite"),
    linkFor: staffLinkFor(origin, input.siteId, "invite"),
  });
  console.log(`created site ${siteId} (client ${input.clientId}, plan ${plan}), unpublished`);
  console.log(
    `invited the owner ${input.ownerEmail}: the mail is in the outbox (npm run mail:list -- --site ${siteId})`,
  );
  console.log(`back office: ${origin}/admin/${siteId}`);
  await handle.close();
  process.exit(0);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  await handle.close();
  process.exit(1);
}
