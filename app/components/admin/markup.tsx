import { type FormEvent, type MouseEvent, useState } from "react";
import { RichText } from "#app/components/rich-text";
import { type AdminT, useAdminI18n } from "#app/lib/admin";
import { parseRichText, type RichDropped } from "#common/rich-text";
import { ML_LANGS } from "./fields";

/**
 * Writing client-authored text in the back office (decision 005): how to write it, and a preview
 * rendered by the public pages' own component. With JavaScript the preview follows the typing;
 * without it, the Preview button posts the form (`intent=preview`), which comes back with every
 * value kept and the preview of what was sent.
 */

/** The form's current values of the named fields, followed as they are typed; reset when the page's values change. */
export function useLiveValues(values: Record<string, string>) {
  const [live, setLive] = useState(values);
  const [from, setFrom] = useState(values);
  if (from !== values) {
    setFrom(values);
    setLive(values);
  }
  return {
    live,
    onInput(event: FormEvent<HTMLFormElement>) {
      const target = event.target as HTMLInputElement | HTMLTextAreaElement;
      if (target.name && typeof target.value === "string" && target.type !== "file") {
        setLive((current) =>
          current[target.name] === target.value ? current : { ...current, [target.name]: target.value },
        );
      }
    },
  };
}

const EXAMPLES = [
  { markup: "## …", label: "admin.markup.exHeading" },
  { markup: "### …", label: "admin.markup.exSubheading" },
  { markup: "- …\n- …", label: "admin.markup.exList" },
  { markup: "| … | … |\n|---|---|\n| … | … |", label: "admin.markup.exTable" },
  { markup: "[…](/…/c/faq)", label: "admin.markup.exLink" },
  // Written in from the site's setting where the page is shown (app/presenters/content.server.ts).
  { markup: "{{cancellation_fees}}", label: "admin.markup.exCancellationFees" },
] as const;

/** The markup's few rules, folded until asked for. */
export function MarkupHelp() {
  const { t } = useAdminI18n();
  return (
    <details className="group rounded-md border border-gray-300 bg-gray-50 p-3 text-sm" data-testid="markup-help">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
        <span aria-hidden="true" className="text-xs transition-transform group-open:rotate-90">
          ▶
        </span>
        {t("admin.markup.help")}
      </summary>
      <p className="mt-2">{t("admin.markup.helpLead")}</p>
      <table className="mt-2 w-full border-collapse">
        <thead>
          <tr>
            <th scope="col" className="border-b border-gray-300 py-1 pr-3 text-left">
              {t("admin.markup.write")}
            </th>
            <th scope="col" className="border-b border-gray-300 py-1 text-left">
              {t("admin.markup.result")}
            </th>
          </tr>
        </thead>
        <tbody>
          {EXAMPLES.map((e) => (
            <tr key={e.label}>
              <td className="border-b border-gray-200 py-1 pr-3 align-top">
                <code className="whitespace-pre font-mono">{e.markup}</code>
              </td>
              <td className="border-b border-gray-200 py-1 align-top">{t(e.label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2">{t("admin.markup.exParagraph")}</p>
    </details>
  );
}

function droppedText(t: AdminT, d: RichDropped): string {
  const message =
    d.kind === "element"
      ? t("admin.preview.droppedElement", { what: d.what })
      : d.kind === "link"
        ? t("admin.preview.droppedLink", { what: d.what })
        : d.what === "!--"
          ? t("admin.preview.droppedComment")
          : t("admin.preview.droppedTag", { what: d.what });
  return d.count > 1 ? `${message}${t("admin.preview.times", { count: d.count })}` : message;
}

/** One language's text as the public page shows it, with what the markup left out. */
function LanguagePreview({ source, title, lang }: { source: string; title?: string; lang: string }) {
  const { t } = useAdminI18n();
  const { dropped } = parseRichText(source);
  return (
    <div className="grid min-w-0 gap-3">
      {dropped.length ? (
        <div className="rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-sm" data-testid="preview-dropped">
          <p className="font-bold text-amber-950">{t("admin.preview.dropped", { count: dropped.length })}</p>
          <ul className="mt-1 list-disc pl-5 text-amber-950">
            {dropped.map((d) => (
              <li key={`${d.kind}:${d.what}`}>{droppedText(t, d)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* The public page's frame (routes/site/custom-page.tsx), without its heading levels. */}
      <div
        className="min-w-0 rounded border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
        lang={lang}
        data-testid="preview-page"
      >
        {title ? <p className="text-2xl font-bold">{title}</p> : null}
        {source ? <RichText source={source} /> : <p className="text-gray-700">{t("admin.preview.empty")}</p>}
      </div>
    </div>
  );
}

/**
 * The preview of a four-language text (`{name}`, `{name}_en`, …) and, for a page, its title: one
 * fold per language, Japanese open. A language left empty shows the Japanese text, as the site does.
 */
export function MarkupPreview({
  name,
  titleName,
  values,
}: {
  name: string;
  /** The title's field, shown above the text as on the public page. */
  titleName?: string;
  values: Record<string, string | undefined>;
}) {
  const { t } = useAdminI18n();
  return (
    <section className="card grid min-w-0 gap-3 p-4 sm:p-5" aria-labelledby="preview-heading" data-testid="preview">
      <h2 id="preview-heading" tabIndex={-1} className="text-lg font-bold outline-none">
        {t("admin.preview.title")}
      </h2>
      <p className="text-sm text-gray-700">{t("admin.preview.lead")}</p>
      {ML_LANGS.map((l) => {
        const own = values[`${name}${l.suffix}`] ?? "";
        const fallback = l.suffix !== "" && !own;
        const source = fallback ? (values[name] ?? "") : own;
        const ownTitle = titleName ? values[`${titleName}${l.suffix}`] : undefined;
        const title = titleName ? ownTitle || values[titleName] || "" : undefined;
        const droppedCount = parseRichText(source).dropped.length;
        return (
          <details
            key={l.suffix || "ja"}
            open={l.suffix === ""}
            className="group min-w-0 rounded-md border border-gray-300"
            data-testid={`preview-${l.lang}`}
          >
            <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-2 px-3 font-semibold">
              <span aria-hidden="true" className="text-xs transition-transform group-open:rotate-90">
                ▶
              </span>
              <span>{t(l.label)}</span>
              {fallback ? (
                <span className="text-sm font-normal text-gray-700">{t("admin.preview.fallback")}</span>
              ) : null}
              {droppedCount ? (
                <span className="rounded bg-amber-200 px-1.5 text-sm text-amber-950">
                  {t("admin.preview.dropped", { count: droppedCount })}
                </span>
              ) : null}
            </summary>
            <div className="min-w-0 border-t border-gray-200 p-3">
              <LanguagePreview source={source} title={title} lang={fallback ? "ja" : l.lang} />
            </div>
          </details>
        );
      })}
    </section>
  );
}

/**
 * The Preview button: without JavaScript it posts the form for the server to render the preview;
 * with it, the preview is already there and follows the typing, so the button only brings it into view.
 */
export function PreviewButton() {
  const { t } = useAdminI18n();
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    const target = document.getElementById("preview-heading");
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  };
  return (
    <button
      type="submit"
      name="intent"
      value="preview"
      formNoValidate
      className="btn-secondary"
      onClick={onClick}
      data-testid="preview-button"
    >
      {t("admin.preview.show")}
    </button>
  );
}
