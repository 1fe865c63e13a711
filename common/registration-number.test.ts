import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkDigit,
  isRegistrationNumber,
  normalizeRegistrationNumber,
  registrationNumberProblem,
} from "./registration-number";

describe("the registration number's check digit (the corporate number's rule)", () => {
  it("accepts published numbers", () => {
    // The National Tax Agency's corporate number 7000012050002, and Toyota Motor's 1180301018771.
    expect(checkDigit("000012050002")).toBe(7);
    expect(checkDigit("180301018771")).toBe(1);
    expect(isRegistrationNumber("T7000012050002")).toBe(true);
    expect(isRegistrationNumber("T1180301018771")).toBe(true);
  });

  it("refuses a wrong check digit, a missing T, a wrong length or letters", () => {
    expect(isRegistrationNumber("T6000012050002")).toBe(false);
    expect(isRegistrationNumber("7000012050002")).toBe(false);
    expect(isRegistrationNumber("T700001205000")).toBe(false);
    expect(isRegistrationNumber("T70000120500021")).toBe(false);
    expect(isRegistrationNumber("T70000120500O2")).toBe(false);
  });

  it("is 1 to 9 for every base, and the number it makes is valid", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{12}$/), (base) => {
        const digit = checkDigit(base);
        expect(digit).toBeGreaterThanOrEqual(1);
        expect(digit).toBeLessThanOrEqual(9);
        expect(isRegistrationNumber(`T${digit}${base}`)).toBe(true);
      }),
    );
  });

  it("catches a mistyped digit (any change but 0 ↔ 9, which the rule cannot see)", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{12}$/),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 9 }),
        (base, at, shift) => {
          const original = Number(base[at]);
          const typed = (original + shift) % 10;
          fc.pre(Math.abs(typed - original) !== 9);
          const mistyped = `${base.slice(0, at)}${typed}${base.slice(at + 1)}`;
          expect(isRegistrationNumber(`T${checkDigit(base)}${mistyped}`)).toBe(false);
        },
      ),
    );
  });

  it("normalizes what staff type and says why a number is refused", () => {
    expect(normalizeRegistrationNumber("ｔ７０００ ０１２０-５０００２")).toBe("T7000012050002");
    expect(registrationNumberProblem("T7000012050002")).toBeNull();
    expect(registrationNumberProblem("T6000012050002")).toBe("registration_number_check");
    expect(registrationNumberProblem("7000012050002")).toBe("registration_number_format");
    expect(registrationNumberProblem("T0000012050002")).toBe("registration_number_check");
  });
});
