import { describe, expect, it } from "vitest";
import { partnerWebhooks } from "./partner/webhooks-doc.server";
import { referenceLocale, referencePage, renderReference } from "./reference.server";

/** A small OpenAPI 3.1 document, as any integrator's document could be: the renderer knows nothing else of it. */
const DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "Pets", version: "2.0.0", description: "A pet shop.\n\n- **Keys** in `Authorization`." },
  servers: [{ url: "/v2", description: "Main" }],
  tags: [{ name: "pets", description: "The animals." }],
  components: {
    securitySchemes: {
      oauth: {
        type: "oauth2",
        flows: { clientCredentials: { tokenUrl: "/token", scopes: { "pets:write": "Add pets." } } },
      },
    },
    schemas: {
      Owner: { type: "object", properties: { name: { type: "string", description: "The owner's name." } } },
      Pet: {
        type: "object",
        required: ["pet_id"],
        properties: {
          pet_id: { type: "integer", description: "Its number." },
          kind: { type: "string", enum: ["cat", "dog"] },
          owner: { $ref: "#/components/schemas/Owner" },
          friends: { type: "array", items: { $ref: "#/components/schemas/Pet" } },
        },
      },
    },
  },
  paths: {
    "/pets/{petId}": {
      put: {
        operationId: "updatePet",
        tags: ["pets"],
        summary: "Change a pet",
        security: [{ oauth: ["pets:write"] }],
        parameters: [{ name: "petId", in: "path", required: true, schema: { type: "integer" }, example: 42 }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { $ref: "#/components/schemas/Pet" },
              examples: { tabby: { summary: "A tabby", value: { pet_id: 42, kind: "cat" } } },
            },
          },
        },
        responses: {
          "200": {
            description: "Changed",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
          },
          "404": { description: "No such pet." },
        },
      },
    },
  },
};

describe("renderReference: any OpenAPI 3.1 document", () => {
  const page = (section: string | undefined, locale: "en" | "ja") =>
    renderReference(DOCUMENT, locale, { base: "/v2", section }) ?? "";

  it("renders an operation's parameters, nested request and response fields, examples and errors", () => {
    const html = page("pets", "en");
    expect(html).toContain('<h3 id="updatePet"><span class="m put">PUT</span><code>/pets/{petId}</code></h3>');
    expect(html).toMatch(/<code>petId<\/code><span class="ty">path · integer<\/span><span class="rq">required<\/span>/);
    expect(html).toContain("Example: <code>42</code>");
    // Fields of the body, the nested owner's fields indented under it, a recursive array followed once.
    expect(html).toMatch(/<code>pet_id<\/code><span class="ty">integer<\/span><span class="rq">required/);
    expect(html).toContain('class="d1"><code>name</code>');
    expect(html).toContain("The owner&#39;s name.");
    expect(html).toContain("one of: <code>&quot;cat&quot;</code>, <code>&quot;dog&quot;</code>");
    expect(html).toContain("Example: A tabby");
    expect(html).toContain("&quot;pet_id&quot;: 42");
    // No example in the document for the answer: one made from its schema.
    expect(html).toContain("Example (made from the schema)");
    expect(html).toMatch(/<span class="st">404<\/span>.*No such pet\./s);
    expect(html).toContain("<code>oauth</code> (Scopes: <code>pets:write</code>)");
    expect(html).not.toContain("<script");
  });

  it("speaks Japanese or English around the document's own text, with a language switch", () => {
    const ja = page("pets", "ja");
    expect(ja).toContain('<html lang="ja">');
    expect(ja).toContain("<h4>パラメーター</h4>");
    expect(ja).toContain("<h4>リクエスト本文");
    expect(ja).toContain("例（スキーマから作成）");
    expect(ja).toContain('href="/v2/docs/pets?lang=en" hreflang="en" lang="en">English</a>');
    expect(ja).toContain('aria-current="page">日本語</a>');
    const en = page(undefined, "en");
    expect(en).toContain('<html lang="en">');
    expect(en).toContain("<h1>Reference</h1>");
    expect(en).toContain("<code>pets:write</code>: Add pets.");
    expect(en).toContain('href="/v2/docs/pets?lang=en#updatePet"');
    expect(en).toContain("<li><strong>Keys</strong> in <code>Authorization</code>.</li>");
  });

  it("answers null for a section the document does not have, and has no webhook guide without webhooks", () => {
    expect(renderReference(DOCUMENT, "en", { base: "/v2", section: "nothing" })).toBeNull();
    expect(renderReference(DOCUMENT, "en", { base: "/v2", section: "webhooks" })).toBeNull();
  });

  it("renders the webhook guide from the webhooks section: payloads, signature headers, Node code, retries", () => {
    const doc = { ...DOCUMENT, webhooks: partnerWebhooks() };
    for (const locale of ["en", "ja"] as const) {
      const html = renderReference(doc, locale, { base: "/v2", section: "webhooks" }) ?? "";
      expect(html).toContain('<h3 id="event-reservation-cancelled"><code>reservation.cancelled</code></h3>');
      expect(html).toContain("<code>webhook-signature</code>");
      expect(html).toContain("createHmac(&quot;sha256&quot;, key)");
      expect(html).toContain("timingSafeEqual");
      expect(html).toContain("&quot;reserve_no&quot;: &quot;261201-7KQ2&quot;");
      expect(html).toMatch(/<code>pay_method<\/code>/);
      expect(html).toContain('class="d2"><code>reserve_no</code>');
    }
    const ja = renderReference(doc, "ja", { base: "/v2", section: "webhooks" }) ?? "";
    expect(ja).toContain('<h2 id="retries">再送と ID</h2>');
    expect(ja).toContain("全 8 回");
    const en = renderReference(doc, "en", { base: "/v2", section: "webhooks" }) ?? "";
    expect(en).toContain("8 attempts in all, after waits of 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h");
  });
});

describe("§7's reference", () => {
  it("takes its language from ?lang=, else the path's prefix", () => {
    expect(referenceLocale(new URL("http://x/api/v1/docs"), "ja")).toBe("ja");
    expect(referenceLocale(new URL("http://x/en/api/v1/docs"), "en")).toBe("en");
    expect(referenceLocale(new URL("http://x/kr/api/v1/docs"), "ko")).toBe("en");
    expect(referenceLocale(new URL("http://x/en/api/v1/docs?lang=ja"), "en")).toBe("ja");
  });

  it("serves the §7 document's operations with their schemas and the webhook guide, under the CSP", async () => {
    const response = referencePage("/en/api/v1", "reservations", "en");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('id="submit-reserve"');
    expect(html).toContain("<code>Idempotency-Key</code>");
    expect(html).toContain("<code>reserve_no</code>");
    const guide = await referencePage("/en/api/v1", "webhooks", "ja").text();
    expect(guide).toContain("<h1>Webhook ガイド</h1>");
    expect(referencePage("/en/api/v1", "nothing", "en").status).toBe(404);
  });
});
