/** Card number and expiry rules shared by the card form (browser) and the payment gateways (server). */

export function digitsOf(number: string): string {
  return number.replace(/[\s-]/g, "");
}

/** The Luhn check digit over 12–19 digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether a card's expiry (end of its month) has passed. */
export function isExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = expYear < 100 ? 2000 + expYear : expYear;
  return year < now.getFullYear() || (year === now.getFullYear() && expMonth < now.getMonth() + 1);
}
