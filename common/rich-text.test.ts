import { describe, expect, it } from "vitest";
import { parseRichText, stripHtml } from "./rich-text";

describe("the safe markup of client-authored text (decision 005)", () => {
  it("reads headings, lists, tables, paragraphs and links", () => {
    const { blocks, dropped } = parseRichText(
      [
        "## Rates",
        "",
        "### Kei cars",
        "",
        "- One",
        "- Two [FAQ](/sakura/c/faq)",
        "",
        "| Class | 1 day |",
        "|---|---:|",
        "| S | 5,000 |",
        "",
        "Line one",
        "See [our site](https://example.com/a).",
      ].join("\r\n"),
    );
    expect(dropped).toEqual([]);
    expect(blocks).toEqual([
      { kind: "h2", content: [{ kind: "text", text: "Rates" }] },
      { kind: "h3", content: [{ kind: "text", text: "Kei cars" }] },
      {
        kind: "ul",
        items: [
          [{ kind: "text", text: "One" }],
          [
            { kind: "text", text: "Two " },
            { kind: "link", text: "FAQ", href: "/sakura/c/faq" },
          ],
        ],
      },
      {
        kind: "table",
        head: [[{ kind: "text", text: "Class" }], [{ kind: "text", text: "1 day" }]],
        body: [[[{ kind: "text", text: "S" }], [{ kind: "text", text: "5,000" }]]],
      },
      {
        kind: "p",
        lines: [
          [{ kind: "text", text: "Line one" }],
          [
            { kind: "text", text: "See " },
            { kind: "link", text: "our site", href: "https://example.com/a" },
            { kind: "text", text: "." },
          ],
        ],
      },
    ]);
  });

  it("drops script-like elements with their content, other tags with their attributes, and reports them", () => {
    const { blocks, dropped } = parseRichText(
      [
        "Hello<script>alert('x')",
        "</script> world",
        "",
        '<p onclick="steal()">Kept <b>text</b></p>',
        "",
        "<!-- note --><STYLE>body{}</STYLE><iframe src=//evil></iframe>",
      ].join("\n"),
    );
    expect(blocks).toEqual([
      { kind: "p", lines: [[{ kind: "text", text: "Hello world" }]] },
      { kind: "p", lines: [[{ kind: "text", text: "Kept text" }]] },
    ]);
    expect(dropped).toEqual([
      { kind: "element", what: "script", count: 1 },
      { kind: "element", what: "style", count: 1 },
      { kind: "element", what: "iframe", count: 1 },
      { kind: "tag", what: "!--", count: 1 },
      { kind: "tag", what: "p", count: 2 },
      { kind: "tag", what: "b", count: 2 },
    ]);
  });

  it("keeps a link's label but not a target that is neither a path nor http(s)", () => {
    const { blocks, dropped } = parseRichText("[Click](javascript:alert(1)) or [mail](mailto:a@b.example) [ok](/x)");
    expect(blocks).toEqual([
      {
        kind: "p",
        lines: [
          [
            { kind: "text", text: "Click or mail " },
            { kind: "link", text: "ok", href: "/x" },
          ],
        ],
      },
    ]);
    expect(dropped.map((d) => [d.kind, d.what])).toEqual([
      ["link", "javascript:alert(1)"],
      ["link", "mailto:a@b.example"],
    ]);
  });

  it("leaves text that only looks like markup to people: comparisons and Japanese brackets", () => {
    expect(parseRichText("a < b and c > d <注意> 1<2").dropped).toEqual([]);
    expect(stripHtml("a < b and c > d <注意>")).toBe("a < b and c > d <注意>");
  });
});
