import { escapeHtml } from "#server/http/escape-html";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TIMEOUT_MS, webhookRetryDelayMs } from "#server/webhooks/delivery";
import {
  exampleBlock,
  exampleFrom,
  givenExamples,
  inline,
  type Json,
  prose,
  schemaTable,
} from "./reference-schema.server";
import type { ReferenceLocale, ReferenceText } from "./reference-text.server";

/**
 * The webhook guide of the reference page (issue 42): every event of the document's `webhooks`
 * section with its headers, payload fields and example, then how signatures are made and checked
 * (with Node code that needs no library) and how retries and ids work.
 */

const VERIFY_NODE = `import { createHmac, timingSafeEqual } from "node:crypto";

/** True when the delivery was signed with the endpoint's secret (whsec_…) in the last five minutes. */
export function verifyWebhook(secret, headers, rawBody) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = String(headers["webhook-signature"] ?? "").split(" ");
  if (!id || !timestamp) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false; // a replay
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  return signatures.some((s) => {
    const [version, value] = s.split(",");
    const given = Buffer.from(value ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

// With node:http: read the raw body first, answer 2xx at once, then work.
import { createServer } from "node:http";
const seen = new Set(); // keep handled ids in your database in production
createServer(async (req, res) => {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  if (!verifyWebhook(process.env.WEBHOOK_SECRET, req.headers, raw)) return res.writeHead(400).end();
  res.writeHead(204).end();
  if (seen.has(req.headers["webhook-id"])) return; // a retry of an event already handled
  seen.add(req.headers["webhook-id"]);
  const event = JSON.parse(raw);
  console.log(event.type, event.data.reservation.reserve_no, event.data.reservation.revision);
}).listen(8080);`;

function delays(locale: ReferenceLocale): string {
  const out: string[] = [];
  for (let attempt = 1; attempt < WEBHOOK_MAX_ATTEMPTS; attempt++) {
    const ms = webhookRetryDelayMs(attempt) ?? 0;
    const [value, unit] =
      ms >= 3_600_000
        ? [ms / 3_600_000, locale === "ja" ? "時間" : " h"]
        : ms >= 60_000
          ? [ms / 60_000, locale === "ja" ? "分" : " min"]
          : [ms / 1000, locale === "ja" ? "秒" : " s"];
    out.push(`${value}${unit}`);
  }
  return out.join(locale === "ja" ? "、" : ", ");
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));

/** The guide, or null when the document describes no webhooks. */
export function webhookGuide(doc: Json, t: ReferenceText, locale: ReferenceLocale): string | null {
  const webhooks = (doc.webhooks ?? {}) as Record<string, Json>;
  const events = Object.entries(webhooks).flatMap(([name, item]) =>
    Object.entries(item)
      .filter(([method]) => ["post", "put"].includes(method))
      .map(([, op]) => [name, op as Json] as const),
  );
  if (!events.length) return null;
  const sections = events.map(([name, op]) => {
    const id = `event-${name.replace(/[^a-zA-Z0-9]+/g, "-")}`;
    const media = (((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>)["application/json"];
    const schema = media?.schema as Json | undefined;
    const given = givenExamples(doc, media);
    const headers = ((op.parameters ?? []) as Json[]).filter((p) => p.in === "header");
    return `<section aria-labelledby="${id}" class="op"><h3 id="${id}"><code>${escapeHtml(name)}</code></h3>
${prose(String(op.description ?? op.summary ?? ""))}
${headers.length ? `<div class="tw"><table><caption>${t.headers}</caption><thead><tr><th scope="col">${t.field}</th><th scope="col">${t.description}</th></tr></thead><tbody>${headers.map((h) => `<tr><th scope="row"><code>${escapeHtml(String(h.name))}</code>${h.required ? `<span class="rq">${t.required}</span>` : ""}</th><td>${inline(String(h.description ?? ""))}</td></tr>`).join("")}</tbody></table></div>` : ""}
${schemaTable(doc, schema, t, t.payload)}
${given.length ? given.map(([label, value]) => exampleBlock(value, label ? `${t.example}: ${label}` : t.example)).join("") : schema ? exampleBlock(exampleFrom(doc, schema), t.exampleGenerated) : ""}
</section>`;
  });
  return `<p>${inline(t.webhookLead)}</p>
<nav aria-label="${t.events}"><ul class="toc">${events.map(([name]) => `<li><a href="#event-${name.replace(/[^a-zA-Z0-9]+/g, "-")}"><code>${escapeHtml(name)}</code></a></li>`).join("")}<li><a href="#signatures">${t.signatures}</a></li><li><a href="#retries">${t.retries}</a></li></ul></nav>
<h2 id="events">${t.events}</h2>
${sections.join("\n")}
<h2 id="signatures">${t.signatures}</h2>
<p>${inline(t.signaturesLead)}</p>
${exampleBlock(
  {
    "webhook-id": "msg_01JDX4Q8Z6T3M9K2P7R5W1N0AB",
    "webhook-timestamp": "1795836902",
    "webhook-signature": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  },
  t.headers,
)}
<figure class="ex"><figcaption>${t.verifyInNode}</figcaption><pre tabindex="0"><code>${escapeHtml(VERIFY_NODE)}</code></pre></figure>
<p>${inline(t.verifyWithLibrary)}</p>
<h2 id="retries">${t.retries}</h2>
<p>${inline(fill(t.retriesLead, { timeout: WEBHOOK_TIMEOUT_MS / 1000, attempts: WEBHOOK_MAX_ATTEMPTS, delays: delays(locale) }))}</p>`;
}
