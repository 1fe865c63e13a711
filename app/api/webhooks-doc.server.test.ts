import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "#server/webhooks/event-payloads";
import { partnerWebhooks } from "./partner/webhooks-doc.server";

type Json = Record<string, unknown>;

describe("partnerWebhooks(): the OpenAPI 3.1 webhooks section", () => {
  const webhooks = partnerWebhooks();
  const post = (type: string) => (webhooks[type] as { post: Json }).post;
  const body = (type: string) =>
    ((post(type).requestBody as Json).content as Json)["application/json"] as { schema: Json; example: unknown };

  it("has one POST per event type, with a unique operationId and the three signature headers", () => {
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const ids = WEBHOOK_EVENT_TYPES.map((t) => post(t).operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const type of WEBHOOK_EVENT_TYPES) {
      const headers = (post(type).parameters as Json[]).map((p) => [p.name, p.in, p.required]);
      expect(headers).toEqual([
        ["webhook-id", "header", true],
        ["webhook-timestamp", "header", true],
        ["webhook-signature", "header", true],
      ]);
      expect(String(post(type).description)).toMatch(/retried/);
    }
  });

  it("each example validates against its payload schema (JSON Schema 2020-12), and a wrong one does not", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const type of WEBHOOK_EVENT_TYPES) {
      const { schema, example } = body(type);
      expect(schema.$schema).toBeUndefined();
      const validate = ajv.compile(schema);
      expect(validate(example), `${type}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      const wrong = structuredClone(example) as { type: string; data: { reservation: Json } };
      wrong.data.reservation.pay_method = "cash";
      expect(validate(wrong)).toBe(false);
      expect(validate({ ...(example as Json), type: "something.else" })).toBe(false);
    }
  });

  it("describes the booking's fields in snake_case with their meanings", () => {
    const schema = body("reservation.created").schema as {
      properties: { data: { properties: { reservation: { properties: Record<string, Json>; required: string[] } } } };
    };
    const reservation = schema.properties.data.properties.reservation;
    expect(reservation.required).toEqual(expect.arrayContaining(["reserve_no", "pay_method", "channel", "revision"]));
    expect(reservation.properties.channel?.enum as string[]).toEqual(["web", "counter", "api"]);
    expect(String(reservation.properties.pay_method?.description)).toContain("2 cash");
  });
});
