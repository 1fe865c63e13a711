import { Fragment, type ReactNode } from "react";

/**
 * Client-authored page text in a small, safe markup: `## ` and `### ` headings, `- ` lists,
 * `| a | b |` tables (first row is the header), blank lines between paragraphs and
 * `[label](/path or https://…)` links. It renders to React elements, so no HTML from the
 * database ever reaches the page unescaped.
 */
export function RichText({ source }: { source: string }) {
  const blocks = source.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  return (
    <div className="rich-text" data-testid="rich-text">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity beyond their position
        <Fragment key={i}>{renderBlock(block.trim())}</Fragment>
      ))}
    </div>
  );
}

function renderBlock(block: string): ReactNode {
  if (!block) return null;
  const lines = block.split("\n");
  if (block.startsWith("### ")) return <h3>{inline(block.slice(4))}</h3>;
  if (block.startsWith("## ")) return <h2>{inline(block.slice(3))}</h2>;
  if (lines.every((l) => l.startsWith("- "))) {
    return (
      <ul>
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static list
          <li key={i}>{inline(l.slice(2))}</li>
        ))}
      </ul>
    );
  }
  if (lines.every((l) => l.startsWith("|"))) {
    const rows = lines
      .filter((l) => !/^\|[\s:|-]+\|$/.test(l))
      .map((l) =>
        l
          .replace(/^\||\|$/g, "")
          .split("|")
          .map((c) => c.trim()),
      );
    const [head = [], ...body] = rows;
    return (
      <div className="overflow-x-auto">
        <table>
          <thead>
            <tr>
              {head.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static table
                <th key={i} scope="col">
                  {inline(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {body.map((r, i) => (
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
  }
  return (
    <p>
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static lines
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {inline(l)}
        </Fragment>
      ))}
    </p>
  );
}

const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|\/)[^\s)]*)\)/g;

function inline(text: string): ReactNode {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    out.push(text.slice(last, m.index));
    out.push(
      <a key={m.index} href={m[2]} className="link">
        {m[1]}
      </a>,
    );
    last = (m.index ?? 0) + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}
