import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichText } from "./rich-text";

describe("RichText", () => {
  it("renders the markup as elements", () => {
    const html = renderToStaticMarkup(<RichText source={"## Title\n\n- a\n- [b](/x)\n\nText"} />);
    expect(html).toBe(
      '<div class="rich-text" data-testid="rich-text"><h2>Title</h2><ul><li>a</li><li><a href="/x" class="link">b</a></li></ul><p>Text</p></div>',
    );
  });

  it("never lets a script, an event handler or a javascript: link into the page", () => {
    const html = renderToStaticMarkup(
      <RichText
        source={
          '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[go](javascript:alert(3))\n\n<a href="javascript:alert(4)" onclick="alert(5)">x</a>'
        }
      />,
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<img|<a /i);
    expect(html).toBe('<div class="rich-text" data-testid="rich-text"><p>go</p><p>x</p></div>');
  });
});
