import { outboxForDeveloper } from "#app/lib/dev-mail.server";
import type { Route } from "./+types/dev-mail";

/** The mail outbox page (loopback only, outbox transport only); `/_dev/mail.json` is the same for tests. */
export function loader({ context, request }: Route.LoaderArgs) {
  return outboxForDeveloper(context, request);
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
