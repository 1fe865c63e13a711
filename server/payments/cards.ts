import { digitsOf, isExpired, luhnValid } from "#common/card-number";
import type { CardBrand, CardInput, PaymentReason } from "./types";

export { digitsOf, isExpired, luhnValid };

/** The brand from the card number's leading digits (BIN ranges). */
export function brandOf(number: string): CardBrand {
  const d = digitsOf(number);
  const n = (len: number) => Number(d.slice(0, len));
  if (d.length < 4) return "unknown";
  if (n(4) >= 3528 && n(4) <= 3589) return "jcb";
  if (d.startsWith("4")) return "visa";
  if ((n(2) >= 51 && n(2) <= 55) || (n(4) >= 2221 && n(4) <= 2720)) return "mastercard";
  if (d.startsWith("34") || d.startsWith("37")) return "amex";
  if ((n(3) >= 300 && n(3) <= 305) || d.startsWith("36") || d.startsWith("38") || d.startsWith("39")) return "diners";
  if (d.startsWith("6011") || d.startsWith("65") || (n(3) >= 644 && n(3) <= 649)) return "discover";
  if (d.startsWith("62")) return "unionpay";
  return "unknown";
}

/** Spec §5/§9: JCB is not accepted. */
export const isRefusedBrand = (brand: string) => brand === "jcb";

/** Checks a typed card can be sent at all: number, brand, expiry, CVC shape. */
export function checkCardInput(card: CardInput, now = new Date()): PaymentReason | null {
  const digits = digitsOf(card.number);
  if (!luhnValid(digits)) return "invalid_number";
  if (isRefusedBrand(brandOf(digits))) return "jcb_not_accepted";
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 || !Number.isInteger(card.expYear)) {
    return "invalid_expiry";
  }
  if (isExpired(card.expMonth, card.expYear, now)) return "card_expired";
  const cvcLength = brandOf(digits) === "amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return "incorrect_cvc";
  return null;
}

export const isValidAmount = (amount: number) => Number.isSafeInteger(amount) && amount >= 50;
