/**
 * JSON numbers in request bodies (issue 38). The forms' schemas read text, and decision 033 lets a
 * program send `pay_method: 2` for `"2"`: where that is so, the document says both. Where a number
 * would lose what was meant (a leading 0 of a phone or postal code, a card number past 2^53), the
 * document says text and a number is refused, never turned into text.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
};
type Document = { paths?: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, unknown> } };

/** Fields that stay text only: leading zeros, long digit strings and secrets. */
const TEXT_ONLY = /(?:^|_)(?:tel|zip|card_number|cvc|password|token)(?:_|$)/;

const resolve = (doc: Document, schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.$ref
    ? (doc.components?.schemas?.[schema.$ref.replace("#/components/schemas/", "")] as JsonSchema | undefined)
    : schema;

function bodySchema(doc: Document, path: string, method: string): JsonSchema | undefined {
  const op = doc.paths?.[path]?.[method] as
    | { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
    | undefined;
  return resolve(doc, op?.requestBody?.content?.["application/json"]?.schema);
}

/** The document's request bodies: every top-level text field that is not text-only says number as well. */
export function documentNumbersAsText(document: object): void {
  const doc = document as Document;
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(ops)) {
      for (const [key, field] of Object.entries(bodySchema(doc, path, method)?.properties ?? {})) {
        if (!TEXT_ONLY.test(key) && field.type === "string") field.type = ["string", "number"];
      }
    }
  }
}

/** Whether the document lets this field be a number: it says number (or integer), or says nothing of its type. */
function takesNumber(doc: Document, raw: JsonSchema | boolean | undefined): boolean {
  if (raw === undefined || raw === true) return true;
  if (raw === false) return false;
  const schema = resolve(doc, raw) ?? {};
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.some((s) => takesNumber(doc, s));
  if (schema.allOf) return schema.allOf.every((s) => takesNumber(doc, s));
  if (schema.type === undefined) return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes("number") || types.includes("integer");
}

/** The top-level fields of a body sent as numbers (or lists with numbers) where the document says text. */
export function numbersWhereTextIsDocumented(document: object, path: string, method: string, body: unknown): string[] {
  const doc = document as Document;
  if (typeof body !== "object" || body === null || Array.isArray(body)) return [];
  const schema = bodySchema(doc, path, method);
  if (!schema) return [];
  const refused: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const field = schema.properties?.[key] ?? schema.additionalProperties;
    if (typeof value === "number" && !takesNumber(doc, field)) refused.push(key);
    else if (Array.isArray(value) && value.some((v) => typeof v === "number")) {
      const items = typeof field === "object" ? resolve(doc, field)?.items : undefined;
      if (field !== undefined && field !== true && !takesNumber(doc, items)) refused.push(key);
    }
  }
  return refused;
}
