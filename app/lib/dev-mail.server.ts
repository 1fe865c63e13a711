import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "#server/http/context";
import { listOutbox } from "#server/mail/outbox";
import { services } from "./site.server";

export const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The outbox for a developer on this machine (decision 017): only while mail is stored rather than
 * delivered, and only to a request from loopback; anyone else gets 404. `?site=` names the site
 * (mail belongs to one), `?to=` narrows to one address.
 */
export async function outboxForDeveloper(context: Readonly<RouterContextProvider>, request: Request) {
  // Its path names no site (`?site=` does): the named path across sites (decision 022).
  const { acrossSites: db, mailer } = services(context);
  if (mailer.transport !== "outbox" || !LOOPBACK.has(context.get(requestContext).clientIp)) {
    throw data(null, { status: 404 });
  }
  const url = new URL(request.url);
  const siteId = url.searchParams.get("site") ?? "";
  const to = url.searchParams.get("to")?.toLowerCase();
  const mails = (siteId ? await listOutbox(db, siteId, { limit: 100 }) : [])
    .filter((m) => !to || m.toAddress.toLowerCase() === to)
    .map((m) => ({
      id: m.id,
      to: m.toAddress,
      subject: m.subject,
      text: m.bodyText,
      kind: m.kind,
      locale: m.locale,
      // Names only: the files (a booking's .ics) are in the outbox row.
      attachments: (m.attachments ?? []).map((a) => a.filename),
      createdAt: m.createdAt.toISOString(),
    }));
  return { siteId, mails };
}
