import { describe, expect, it } from "vitest";
import { numbersWhereTextIsDocumented } from "./number-fields.server";
import { apiDocument } from "./openapi.server";

describe("numbers in request bodies follow the document (issue 38)", () => {
  it("refuses a number where the document says text, and takes one where it says both", () => {
    const body = { tel: 9012345678, zip: 600000, user_type: 1, pref_code: 13, newsletter: true };
    expect(numbersWhereTextIsDocumented(apiDocument(), "/users/register", "post", body)).toEqual(["tel", "zip"]);
    const card = { card_number: 4242424242424242, cvc: 12, exp_month: 12, exp_year: 2030 };
    expect(numbersWhereTextIsDocumented(apiDocument(), "/stripes/register", "post", card)).toEqual([
      "card_number",
      "cvc",
    ]);
    // option_{id} is left open by the document: a count may be a number.
    expect(
      numbersWhereTextIsDocumented(apiDocument(), "/submit-reserve", "post", { option_5: 1, pay_method: 2 }),
    ).toEqual([]);
  });
});
