import { describe, expect, it } from "vitest";
import { CardSchema, cardSchemaFor, cardSourceOf, StripeCardSchema } from "./card.schema";

const YEAR = String(new Date().getFullYear() + 3);
const TYPED = {
  card_number: "4242 4242 4242 4242",
  holder: "HANAKO YAMADA",
  exp_month: "12",
  exp_year: YEAR,
  cvc: "123",
};

/** `{field: reason}` of a refused form, or the parsed value. */
function parse(schema: { safeParse: (v: unknown) => unknown }, input: Record<string, string>) {
  const r = schema.safeParse(input) as
    | { success: true; data: unknown }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string; input?: unknown }[] } };
  if (r.success) return r.data;
  // The first reason of a field wins, as the form shows it (app/lib/forms.ts).
  const errors: Record<string, string> = {};
  for (const i of r.error.issues) errors[String(i.path[0])] ??= i.message;
  return errors;
}

describe("StripeCardSchema (a card entered in Stripe.js)", () => {
  it("takes the PaymentMethod id and the holder, and nothing else", () => {
    expect(
      parse(StripeCardSchema, { _csrf: "t", holder: " HANAKO YAMADA ", payment_method_id: "pm_1Qa2B_c3" }),
    ).toEqual({
      paymentMethodId: "pm_1Qa2B_c3",
      holder: "HANAKO YAMADA",
    });
  });

  it("asks for the card and the holder", () => {
    expect(parse(StripeCardSchema, {})).toEqual({
      payment_method_id: "card_number_required",
      holder: "card_holder_required",
    });
  });

  it.each(["pm_", "pi_123", "card_123", "pm_abc-def", "pm_abc def", "pm_abé", "PM_abc", `pm_${"a".repeat(300)}`])(
    "refuses %j as a PaymentMethod id",
    (id) => {
      expect(parse(StripeCardSchema, { holder: "H", payment_method_id: id })).toEqual({
        payment_method_id: "invalid_number",
      });
    },
  );

  it.each(["card_number", "exp_month", "exp_year", "cvc"])(
    "refuses a typed %s (raw card data never reaches the server)",
    (field) => {
      const r = StripeCardSchema.safeParse({
        holder: "H",
        payment_method_id: "pm_123",
        [field]: TYPED[field as keyof typeof TYPED],
      });
      expect(r.success).toBe(false);
      if (r.success) return;
      expect(r.error.issues.map((i) => [i.path[0], i.message])).toEqual([["form", "invalid_input"]]);
      // The refusal names the field, never what was typed in it.
      expect(JSON.stringify(r.error.issues)).not.toContain("4242");
    },
  );

  it("lets empty typed fields through (nothing was typed)", () => {
    expect(parse(StripeCardSchema, { holder: "H", payment_method_id: "pm_123", card_number: "", cvc: "" })).toEqual({
      paymentMethodId: "pm_123",
      holder: "H",
    });
  });
});

describe("cardSchemaFor", () => {
  it("takes typed details with the simulator, and ignores a PaymentMethod id", () => {
    expect(cardSchemaFor("simulator")).toBe(CardSchema);
    expect(parse(cardSchemaFor("simulator"), { holder: "H", payment_method_id: "pm_123" })).toMatchObject({
      card_number: "card_number_required",
    });
  });

  it("takes only a PaymentMethod with Stripe and refuses typed card details", () => {
    expect(cardSchemaFor("stripe")).toBe(StripeCardSchema);
    expect(parse(cardSchemaFor("stripe"), TYPED)).toEqual({
      payment_method_id: "card_number_required",
      form: "invalid_input",
    });
  });
});

describe("cardSourceOf", () => {
  it("hands the gateway a PaymentMethod id, or the typed card", () => {
    expect(cardSourceOf({ paymentMethodId: "pm_1", holder: "H" })).toEqual({ paymentMethodId: "pm_1" });
    const typed = CardSchema.parse(TYPED);
    expect(cardSourceOf(typed)).toEqual({ card: typed });
  });
});
