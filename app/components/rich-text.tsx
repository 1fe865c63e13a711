import { Fragment, type ReactNode, useId } from "react";
import { useI18n } from "#app/lib/i18n";
import { parseRichText, type RichBlock, type RichInline } from "#common/rich-text";

/**
 * Client-authored page text in the small, safe markup of decision 005 (read by `parseRichText`):
 * headings, lists, tables, paragraphs and links. It renders to React elements, so no HTML from the
 * database ever reaches the page; HTML in the text is dropped, never shown or run. The public
 * custom pages, the top page and the back office's preview all render through this one component.
 */
export function RichText({ source }: { source: string }) {
  const { blocks } = parseRichText(source);
  return (
    <div className="rich-text" data-testid="rich-text">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity beyond their position
        <Fragment key={i}>{renderBlock(block, headingBefore(blocks, i))}</Fragment>
      ))}
    </div>
  );
}

/** The text of the nearest heading before block `i`: what a table under it is about. */
function headingBefore(blocks: readonly RichBlock[], i: number): string {
  for (let j = i - 1; j >= 0; j--) {
    const b = blocks[j];
    if (b && (b.kind === "h2" || b.kind === "h3")) return plain(b.content);
  }
  return "";
}

const plain = (parts: readonly RichInline[]) => parts.map((p) => p.text).join("");

function renderBlock(block: RichBlock, heading: string): ReactNode {
  switch (block.kind) {
    case "h2":
      return <h2>{inline(block.content)}</h2>;
    case "h3":
      return <h3>{inline(block.content)}</h3>;
    case "ul":
      return (
        <ul>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static list
            <li key={i}>{inline(item)}</li>
          ))}
        </ul>
      );
    case "table": {
      const table = (
        <table>
          <thead>
            <tr>
              {block.head.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static table
                <th key={i} scope="col">
                  {inline(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.body.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static table
              <tr key={i}>
                {r.map((c, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static table
                  <td key={j}>{inline(c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
      // Two columns fit a phone; a wider table scrolls, and says so (issue 40).
      return block.head.length > 2 ? (
        <WideTable name={heading || block.head.map(plain).join(" / ")}>{table}</WideTable>
      ) : (
        <div className="overflow-x-auto">{table}</div>
      );
    }
    case "p":
      return (
        <p>
          {block.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static lines
            <Fragment key={i}>
              {i > 0 ? <br /> : null}
              {inline(l)}
            </Fragment>
          ))}
        </p>
      );
  }
}

function inline(parts: readonly RichInline[]): ReactNode {
  return parts.map((part, i) =>
    part.kind === "link" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: static text
      <a key={i} href={part.href} className="link">
        {part.text}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: static text
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}

/**
 * A table wider than a phone: a hint that says it scrolls sideways (phones only), and a scroll
 * region that takes keyboard focus, named for the table, so arrow keys scroll it (WCAG 2.1.1).
 */
function WideTable({ name, children }: { name: string; children: ReactNode }) {
  const { t } = useI18n();
  const hint = useId();
  return (
    <>
      <p id={hint} className="mt-4 text-sm text-gray-700 md:hidden" data-testid="table-scroll-hint">
        {t("table.scrollHint")}
      </p>
      <section
        className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region must be reachable by keyboard
        tabIndex={0}
        aria-label={t("table.region", { name })}
        aria-describedby={hint}
        data-testid="table-scroll"
      >
        {children}
      </section>
    </>
  );
}
