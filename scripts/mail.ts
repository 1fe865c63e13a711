// npm run mail:list [-- --site SITE] [--limit N] [--show ID]: the newest mails of the outbox,
// against DATABASE_URL or the PGlite data dir (DATA_DIR/pglite). It opens that data dir itself:
// stop the server first when it runs on PGlite (the data dir takes one process at a time).
import { parseArgs } from "node:util";
import { desc, eq } from "drizzle-orm";
import { loadConfig } from "#server/config";
import { createDb } from "#server/db/client";
import { mailOutbox } from "#server/db/schema";

const { values } = parseArgs({
  options: {
    site: { type: "string" },
    limit: { type: "string", default: "20" },
    show: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log("usage: npm run mail:list [-- --site SITE] [--limit N] [--show ID]");
  process.exit(0);
}

const config = loadConfig();
const handle = await createDb(config);
const stamp = (d: Date | null) => (d ? d.toISOString().replace("T", " ").slice(0, 19) : "-");

try {
  if (values.show) {
    const id = Number(values.show);
    if (!Number.isInteger(id) || id < 1) throw new Error(`--show takes a mail id, not "${values.show}"`);
    const [m] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!m) throw new Error(`no mail ${id}`);
    console.log(
      [
        `id:       ${m.id}`,
        `site:     ${m.siteId}`,
        `to:       ${m.toAddress}`,
        `subject:  ${m.subject}`,
        `kind:     ${m.kind} (${m.locale})`,
        `status:   ${m.status}, ${m.attempts} attempt(s)${m.lastError ? `, last error: ${m.lastError}` : ""}`,
        `created:  ${stamp(m.createdAt)} UTC`,
        `sent:     ${stamp(m.sentAt)}${m.sentAt ? " UTC" : ""}`,
        m.bodyHtml ? "html:     yes (text part below)" : "html:     no",
        "",
        m.bodyText,
      ].join("\n"),
    );
  } else {
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`--limit takes a positive number, not "${values.limit}"`);
    const rows = await handle.db
      .select()
      .from(mailOutbox)
      .where(values.site ? eq(mailOutbox.siteId, values.site) : undefined)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit);
    if (rows.length === 0) console.log("the outbox is empty");
    else
      console.table(
        rows.map((m) => ({
          id: m.id,
          site: m.siteId,
          to: m.toAddress,
          subject: m.subject.length > 40 ? `${m.subject.slice(0, 39)}…` : m.subject,
          kind: m.kind,
          status: m.status,
          created: stamp(m.createdAt),
          sent: stamp(m.sentAt),
        })),
      );
  }
} catch (err) {
  const code = (err as { cause?: { code?: string } }).cause?.code;
  console.error(
    code === "42P01"
      ? "no mail_outbox table yet: run `npm run db:migrate` (or start the server) first"
      : err instanceof Error
        ? err.message
        : String(err),
  );
  process.exitCode = 1;
} finally {
  await handle.close();
}
