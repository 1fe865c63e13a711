import { Fragment, type ReactNode } from "react";
import { parseRichText, type RichBlock, type RichInline } from "../../common/rich-text";

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
        <Fragment key={i}>{renderBlock(block)}</Fragment>
      ))}
    </div>
  );
}

function renderBlock(block: RichBlock): ReactNode {
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
    case "table":
      return (
        <div className="overflow-x-auto">
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
        </div>
      );
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
