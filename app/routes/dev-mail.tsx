import { data } from "react-router";
import { requestContext } from "../../server/http/context";
import { listOutbox } from "../../server/mail/outbox";
import { services } from "../lib/site.server";
import type { Route } from "./+types/dev-mail";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The mail outbox for a developer on this machine (decision 017): only while mail is stored rather
 * than delivered, and only to a request from loopback. Anyone else gets the not-found answer.
 * `?site=` is required (mail belongs to a site); `?to=` narrows to one address; `?format=json` for tests.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, mailer } = services(context);
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
      createdAt: m.createdAt.toISOString(),
    }));
  if (url.searchParams.get("format") === "json") return Response.json({ mails });
  return { siteId, mails };
}

export const meta: Route.MetaFunction = () => [{ title: "Mail outbox" }, { name: "robots", content: "noindex" }];

export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { siteId, mails } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-6" lang="en">
      <h1 className="text-2xl font-bold">Mail outbox{siteId ? `: ${siteId}` : ""}</h1>
      <form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm font-semibold">
          Site
          <input name="site" defaultValue={siteId} className="min-h-11 rounded border border-gray-400 px-2" />
        </label>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </form>
      {mails.length === 0 ? <p className="mt-6">No mail.</p> : null}
      <ol className="mt-6 flex flex-col gap-4">
        {mails.map((m) => (
          <li key={m.id} className="card p-4" data-testid="outbox-mail">
            <p className="text-sm text-gray-700">
              #{m.id} · {m.createdAt} · {m.kind} ({m.locale}) · to {m.to}
            </p>
            <h2 className="mt-1 font-bold">{m.subject}</h2>
            <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm">{m.text}</pre>
          </li>
        ))}
      </ol>
    </main>
  );
}
