import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { RichText } from "#app/components/rich-text";
import { parseRichText } from "#common/rich-text";
import { CustomPageSchema } from "#server/content/content.schema";
import { createCustomPage } from "#server/content/custom-pages";

import { loadSiteBundle } from "#server/sites/site-bundle";
import { makeSite } from "#tests/fixtures/sites";
import { OWNER, parsed } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

let handle: TestDb;
let siteId: string;
beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
});
afterAll(() => handle.close());

// The back office's preview and the public page render through the same component: what the owner
// saw dropped in the preview is what the public page leaves out.
it("stores a pasted script as written, and the public page renders it without the script, the handler or the link", async () => {
  const contents = [
    "## Hello",
    "",
    '<script>document.title="owned"</script><b onclick="steal()">Bold</b> and [x](javascript:alert(1))',
  ].join("\n");
  const input = parsed(CustomPageSchema, {
    page_url: "pasted",
    page_title: "貼り付け",
    page_contents: contents,
    display_order: "0",
  });
  await createCustomPage(handle.forSite(siteId), siteId, OWNER, input);
  const page = (await loadSiteBundle(handle.forSite(siteId), siteId))?.customPages.find((p) => p.pageUrl === "pasted");
  expect(page?.pageContents).toBe(contents);
  const html = renderToStaticMarkup(createElement(RichText, { source: page?.pageContents ?? "" }));
  expect(html).toBe('<div class="rich-text" data-testid="rich-text"><h2>Hello</h2><p>Bold and x</p></div>');
  expect(parseRichText(page?.pageContents ?? "").dropped).toEqual([
    { kind: "element", what: "script", count: 1 },
    { kind: "tag", what: "b", count: 2 },
    { kind: "link", what: "javascript:alert(1)", count: 1 },
  ]);
});
