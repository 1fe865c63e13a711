/**
 * The small, safe markup of client-authored text (docs/decisions/005): `## ` and `### ` headings,
 * `- ` lists, `| a | b |` tables (first row is the header), blank lines between paragraphs and
 * `[label](/path or https://…)` links. This module reads it into blocks; the one renderer
 * (app/components/rich-text.tsx) turns them into React elements, on the public pages and in the
 * back office's preview alike.
 *
 * Nothing in it is HTML. HTML someone pastes is dropped here rather than shown as tags: `<script>`,
 * `<style>`, `<iframe>` and the like with everything inside them, any other tag (with its
 * attributes, such as `onclick`) leaving its text. A link to anything but a path or http(s) keeps
 * its label as text. What was dropped is reported, so the back office can tell the author.
 */

export type RichInline = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

export type RichBlock =
  | { kind: "h2" | "h3"; content: RichInline[] }
  | { kind: "ul"; items: RichInline[][] }
  | { kind: "table"; head: RichInline[][]; body: RichInline[][][] }
  | { kind: "p"; lines: RichInline[][] };

/** Something the markup does not allow, and so left out: an element with its content, a tag, a link target. */
export interface RichDropped {
  kind: "element" | "tag" | "link";
  /** The element's or tag's name (`script`, `a`, `!--` for a comment), or the link's target. */
  what: string;
  /** How often it occurs. */
  count: number;
}

export interface RichDocument {
  blocks: RichBlock[];
  dropped: RichDropped[];
}

/** Elements whose content is code or another document: they go whole. */
const ELEMENT =
  /<(script|style|iframe|object|embed|noscript|template|svg|math|textarea|select)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** A tag: `<` right before a letter (or `/` and a letter), up to the next `>`; "a < b" and "<注意>" stay text. */
const TAG = /<\/?([A-Za-z][A-Za-z0-9:-]*)(?:\s[^<>]*)?\/?>/g;
/** `[label](target)`; the target may hold one level of parentheses (`…/Tokyo_(city)`). */
export const RICH_LINK = /\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))*)\)/g;
const SAFE_HREF = /^(?:https?:\/\/|\/)/i;

class DroppedList {
  private readonly seen = new Map<string, RichDropped>();
  add(kind: RichDropped["kind"], what: string) {
    const key = `${kind}:${what}`;
    const entry = this.seen.get(key);
    if (entry) entry.count += 1;
    else this.seen.set(key, { kind, what, count: 1 });
  }
  list(): RichDropped[] {
    return [...this.seen.values()];
  }
}

/** The text without any HTML: elements that hold code go with their content, other tags leave their text. */
export function stripHtml(source: string, dropped?: { add(kind: RichDropped["kind"], what: string): void }): string {
  return source
    .replace(ELEMENT, (_, tag: string) => {
      dropped?.add("element", tag.toLowerCase());
      return "";
    })
    .replace(COMMENT, () => {
      dropped?.add("tag", "!--");
      return "";
    })
    .replace(TAG, (_, tag: string) => {
      dropped?.add("tag", tag.toLowerCase());
      return "";
    });
}

/** Reads client-authored markup into blocks, with what it left out. */
export function parseRichText(source: string): RichDocument {
  const dropped = new DroppedList();
  const text = stripHtml(source.replace(/\r\n?/g, "\n"), dropped);
  const blocks: RichBlock[] = [];
  for (const raw of text.split(/\n{2,}/)) {
    const block = readBlock(raw.trim(), dropped);
    if (block) blocks.push(block);
  }
  return { blocks, dropped: dropped.list() };
}

function readBlock(block: string, dropped: DroppedList): RichBlock | null {
  if (!block) return null;
  const inline = (s: string) => readInline(s, dropped);
  const lines = block.split("\n");
  if (block.startsWith("### ")) return { kind: "h3", content: inline(block.slice(4)) };
  if (block.startsWith("## ")) return { kind: "h2", content: inline(block.slice(3)) };
  if (lines.every((l) => l.startsWith("- "))) return { kind: "ul", items: lines.map((l) => inline(l.slice(2))) };
  if (lines.every((l) => l.startsWith("|"))) {
    const rows = lines
      .filter((l) => !/^\|[\s:|-]+\|$/.test(l))
      .map((l) =>
        l
          .replace(/^\||\|$/g, "")
          .split("|")
          .map((c) => inline(c.trim())),
      );
    const [head = [], ...body] = rows;
    return { kind: "table", head, body };
  }
  return { kind: "p", lines: lines.map(inline) };
}

function readInline(text: string, dropped: DroppedList): RichInline[] {
  const out: RichInline[] = [];
  let last = 0;
  const pushText = (s: string) => {
    if (!s) return;
    const prev = out.at(-1);
    if (prev?.kind === "text") prev.text += s;
    else out.push({ kind: "text", text: s });
  };
  for (const m of text.matchAll(RICH_LINK)) {
    const [whole, label = "", href = ""] = m;
    pushText(text.slice(last, m.index));
    if (SAFE_HREF.test(href)) out.push({ kind: "link", text: label, href });
    else {
      dropped.add("link", href);
      pushText(label);
    }
    last = m.index + whole.length;
  }
  pushText(text.slice(last));
  return out;
}
