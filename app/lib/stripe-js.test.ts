import { describe, expect, it } from "vitest";
import { LOCALES } from "#common/locales";
import { REASON_CODES } from "#server/availability/reasons";
import { challengeUrl } from "./stripe.server";
import { isRefusedBrand, stripeErrorReason, stripeLocale } from "./stripe-js";

describe("stripeLocale", () => {
  it("gives Stripe.js the code of each page language", () => {
    expect(LOCALES.map(stripeLocale)).toEqual(["ja", "en", "ko", "zh-TW"]);
  });
});

describe("stripeErrorReason", () => {
  it.each([
    ["invalid_number", "invalid_number"],
    ["incorrect_number", "invalid_number"],
    ["invalid_expiry_month", "invalid_expiry"],
    ["invalid_expiry_year", "invalid_expiry"],
    ["invalid_expiry_month_past", "card_expired"],
    ["invalid_expiry_year_past", "card_expired"],
    ["expired_card", "card_expired"],
    ["invalid_cvc", "incorrect_cvc"],
    ["incorrect_cvc", "incorrect_cvc"],
    ["card_declined", "card_declined"],
    ["incomplete_number", "card_incomplete"],
    ["incomplete_expiry", "card_incomplete"],
    ["incomplete_cvc", "card_incomplete"],
  ])("maps %s to our %s", (code, reason) => {
    expect(stripeErrorReason({ type: "validation_error", code }, false)).toBe(reason);
  });

  it("says the card was not entered when the field is empty", () => {
    expect(stripeErrorReason({ type: "validation_error", code: "incomplete_number" }, true)).toBe(
      "card_number_required",
    );
  });

  it("falls back to the generic card failure for codes we have no words for", () => {
    expect(stripeErrorReason({ type: "api_connection_error" }, false)).toBe("card_failed");
    expect(stripeErrorReason({ type: "invalid_request_error", code: "parameter_invalid_empty" }, false)).toBe(
      "card_failed",
    );
  });

  it("only ever answers a reason the catalogues have words for", () => {
    const codes = ["invalid_number", "incomplete_cvc", "rate_limit", "", "toString"];
    for (const code of codes) {
      for (const empty of [true, false]) {
        expect(REASON_CODES).toContain(stripeErrorReason({ code }, empty));
      }
    }
  });

  it("refuses JCB by brand", () => {
    expect(isRefusedBrand("jcb")).toBe(true);
    expect(isRefusedBrand("visa")).toBe(false);
    expect(isRefusedBrand(undefined)).toBe(false);
  });
});

describe("challengeUrl", () => {
  it("tells the simulator's page where to come back", () => {
    expect(challengeUrl("/_simulator/3ds/sim_pi_1", "/sakura/reserve/credit_card?reservation=7")).toBe(
      "/_simulator/3ds/sim_pi_1?return=%2Fsakura%2Freserve%2Fcredit_card%3Freservation%3D7",
    );
  });

  it("leaves Stripe's redirect URL as Stripe made it (it returns to the intent's return_url)", () => {
    const url = "https://hooks.stripe.com/redirect/authenticate/src_1?client_secret=src_client_secret_1";
    expect(challengeUrl(url, "/sakura/reserve/credit_card")).toBe(url);
  });
});
