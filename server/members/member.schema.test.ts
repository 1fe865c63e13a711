import { describe, expect, it } from "vitest";

/** Field → the first reason code, as the form pattern shows them (app/lib/forms.ts issuesToErrors). */
function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, { code: string }> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= { code: issue.message };
  return errors;
}

import {
  birthdateParts,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  parseBirthdate,
  profileFormValues,
  RegistrationSchema,
  StoreRegistrationSchema,
} from "./member.schema";

const VALID: Record<string, string> = {
  user_type: "1",
  company: "",
  company_kana: "",
  name: "山田 花子",
  kana: "ヤマダ ハナコ",
  email: "hanako@example.com",
  password: "s3cret-pass",
  password_confirm: "s3cret-pass",
  gender: "",
  birth_year: "1990",
  birth_month: "4",
  birth_day: "15",
  tel: "090-1234-5678",
  zip: "100-0001",
  pref_code: "13",
  country: "日本",
  address_a: "千代田区千代田1-1",
  address_b: "",
  newsletter: "0",
};

function errorsOf(schema: typeof RegistrationSchema | typeof ProfileUpdateSchema, input: Record<string, string>) {
  const result = schema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(Object.entries(issuesToErrors(result.error.issues)).map(([k, v]) => [k, v.code]));
}

describe("registration schema", () => {
  it("accepts an individual and gives the domain profile", () => {
    const result = RegistrationSchema.safeParse(VALID);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      userType: 1,
      company: "",
      companyKana: "",
      name: "山田 花子",
      kana: "ヤマダ ハナコ",
      email: "hanako@example.com",
      gender: null,
      birthdate: "1990-04-15",
      tel: "+819012345678",
      zip: "1000001",
      country: "JP",
      prefCode: 13,
      addressA: "千代田区千代田1-1",
      addressB: "",
      newsletter: 0,
      password: "s3cret-pass",
    });
  });

  it("reports every missing required field at once, with the spec's codes", () => {
    expect(errorsOf(RegistrationSchema, { birth_year: "1990" })).toEqual({
      name: "name_required",
      kana: "kana_required",
      email: "email_required",
      password: "password_required",
      password_confirm: "password_required",
      user_type: "user_type_required",
      birthdate: "birthdate_required",
      tel: "tel_required",
      zip: "zip_required",
      // Nothing says where the address is: the form asks for the country first.
      country: "country_required",
      address_a: "city_required",
    });
  });

  it("requires company and its kana for a corporation only, and drops them for an individual", () => {
    expect(errorsOf(RegistrationSchema, { ...VALID, user_type: "2" })).toEqual({
      company: "company_required",
      company_kana: "company_kana_required",
    });
    const corp = RegistrationSchema.safeParse({
      ...VALID,
      user_type: "2",
      company: "株式会社テスト",
      company_kana: "テスト",
    });
    expect(corp.data).toMatchObject({ userType: 2, company: "株式会社テスト", companyKana: "テスト" });
    const individual = RegistrationSchema.safeParse({ ...VALID, company: "ignored", company_kana: "ignored" });
    expect(individual.data).toMatchObject({ userType: 1, company: "", companyKana: "" });
  });

  it("refuses a customer type, gender or newsletter outside the choices", () => {
    expect(errorsOf(RegistrationSchema, { ...VALID, user_type: "3" })).toEqual({ user_type: "invalid_choice" });
    expect(errorsOf(RegistrationSchema, { ...VALID, gender: "9" })).toEqual({ gender: "invalid_choice" });
    expect(errorsOf(RegistrationSchema, { ...VALID, newsletter: "2" })).toEqual({ newsletter: "invalid_choice" });
  });

  it("takes gender unset, male or female, and the newsletter box unticked (absent) as 0", () => {
    expect(RegistrationSchema.safeParse({ ...VALID, gender: "2" }).data?.gender).toBe(2);
    const { newsletter: _n, gender: _g, ...rest } = VALID;
    expect(RegistrationSchema.safeParse(rest).data).toMatchObject({ gender: null, newsletter: 0 });
    expect(RegistrationSchema.safeParse({ ...VALID, newsletter: "1" }).data?.newsletter).toBe(1);
  });

  it("checks the password rules and the confirmation", () => {
    expect(errorsOf(RegistrationSchema, { ...VALID, password: "abc12", password_confirm: "abc12" })).toEqual({
      password: "password_too_short",
    });
    expect(
      errorsOf(RegistrationSchema, { ...VALID, password: "ぱすわーど12", password_confirm: "ぱすわーど12" }),
    ).toEqual({
      password: "password_not_halfwidth",
    });
    expect(errorsOf(RegistrationSchema, { ...VALID, password_confirm: "different" })).toEqual({
      password_confirm: "password_mismatch",
    });
    expect(errorsOf(RegistrationSchema, { ...VALID, password_confirm: "" })).toEqual({
      password_confirm: "password_required",
    });
    // 64 characters and more are allowed (up to 128).
    const long = "a1".repeat(32);
    expect(errorsOf(RegistrationSchema, { ...VALID, password: long, password_confirm: long })).toEqual({});
  });

  it("checks the e-mail format and the lengths", () => {
    expect(errorsOf(RegistrationSchema, { ...VALID, email: "not-an-address" })).toEqual({ email: "email_invalid" });
    expect(errorsOf(RegistrationSchema, { ...VALID, name: "あ".repeat(51) })).toEqual({ name: "text_too_long" });
    expect(errorsOf(RegistrationSchema, { ...VALID, address_b: "x".repeat(201) })).toEqual({
      address_b: "text_too_long",
    });
  });

  it("takes a phone number in national or international form and keeps it in E.164", () => {
    for (const tel of ["09012345678", "03-1234-5678", "098-123-4567", "０９０１２３４５６７８", "090 1234 5678"]) {
      expect(errorsOf(RegistrationSchema, { ...VALID, tel }), tel).toEqual({});
    }
    expect(RegistrationSchema.safeParse({ ...VALID, tel: "090-1234-5678" }).data?.tel).toBe("+819012345678");
    expect(RegistrationSchema.safeParse({ ...VALID, tel: "+82 10-1234-5678" }).data?.tel).toBe("+821012345678");
    for (const tel of ["+81-90-1234", "090--1234", "abc", "12", "090-1234-5678; drop"]) {
      expect(errorsOf(RegistrationSchema, { ...VALID, tel }), tel).toEqual({ tel: "tel_invalid" });
    }
  });

  it("reads a national number in the country of an address abroad", () => {
    const korea = { ...VALID, pref_code: "48", country: "KR", zip: "04524", address_a: "서울특별시 중구 세종대로 110" };
    const parsed = RegistrationSchema.safeParse({ ...korea, tel: "010-1234-5678" });
    expect(parsed.data).toMatchObject({ tel: "+821012345678", zip: "04524", country: "KR", prefCode: 48 });
  });

  it("refuses a name reading in another script than katakana or Latin letters", () => {
    expect(errorsOf(RegistrationSchema, { ...VALID, kana: "HONG Gildong" })).toEqual({});
    expect(errorsOf(RegistrationSchema, { ...VALID, kana: "홍길동" })).toEqual({ kana: "kana_invalid" });
    expect(errorsOf(RegistrationSchema, { ...VALID, kana: "やまだ" })).toEqual({ kana: "kana_invalid" });
  });

  it("normalises the zip (full-width, hyphen) and refuses anything but 7 digits", () => {
    expect(RegistrationSchema.safeParse({ ...VALID, zip: "１００－０００１" }).data?.zip).toBe("1000001");
    for (const zip of ["100-001", "10000011", "abcdefg"]) {
      expect(errorsOf(RegistrationSchema, { ...VALID, zip }), zip).toEqual({ zip: "zip_invalid" });
    }
  });

  it("takes prefectures 1-48 and needs a country only for 48", () => {
    expect(errorsOf(RegistrationSchema, { ...VALID, pref_code: "0" })).toEqual({ pref_code: "invalid_choice" });
    expect(errorsOf(RegistrationSchema, { ...VALID, pref_code: "49" })).toEqual({ pref_code: "invalid_choice" });
    expect(errorsOf(RegistrationSchema, { ...VALID, pref_code: "48", country: "" })).toEqual({
      country: "country_required",
    });
    expect(errorsOf(RegistrationSchema, { ...VALID, pref_code: "48", country: "US", zip: "10001" })).toEqual({});
    // A country written before codes were kept still reads.
    expect(
      RegistrationSchema.safeParse({ ...VALID, pref_code: "48", country: "USA", zip: "10001" }).data?.country,
    ).toBe("US");
    expect(errorsOf(RegistrationSchema, { ...VALID, pref_code: "48", country: "Atlantis" })).toMatchObject({
      country: "invalid_choice",
    });
    expect(errorsOf(RegistrationSchema, { ...VALID, pref_code: "47", country: "" })).toEqual({});
  });

  it("requires the birth date and refuses a partial, non-existent or future one", () => {
    const at = (y: string, m: string, d: string) =>
      errorsOf(RegistrationSchema, { ...VALID, birth_year: y, birth_month: m, birth_day: d });
    expect(at("", "", "")).toEqual({ birthdate: "birthdate_required" });
    expect(at("0000", "00", "00")).toEqual({ birthdate: "birthdate_required" });
    expect(at("1990", "", "")).toEqual({ birthdate: "birthdate_required" });
    expect(at("1990", "4", "")).toEqual({ birthdate: "birthdate_invalid" });
    expect(at("", "4", "1")).toEqual({ birthdate: "birthdate_invalid" });
    expect(at("1990", "2", "30")).toEqual({ birthdate: "birthdate_invalid" });
    expect(at("2001", "2", "29")).toEqual({ birthdate: "birthdate_invalid" });
    expect(at("2000", "2", "29")).toEqual({});
    expect(at(String(new Date().getFullYear() + 1), "1", "1")).toEqual({ birthdate: "birthdate_invalid" });
  });
});

describe("profile update and password change schemas", () => {
  it("applies the same profile rules and carries the current password", () => {
    const { password: _p, password_confirm: _c, ...profile } = VALID;
    expect(ProfileUpdateSchema.safeParse({ ...profile, current_password: "old-pass" }).data).toMatchObject({
      email: "hanako@example.com",
      currentPassword: "old-pass",
    });
    expect(errorsOf(ProfileUpdateSchema, { ...profile, user_type: "2", tel: "x" })).toEqual({
      tel: "tel_invalid",
      company: "company_required",
      company_kana: "company_kana_required",
    });
  });

  it("password change needs the current one and a confirmed new one", () => {
    const errors = (input: Record<string, string>) => {
      const r = PasswordChangeSchema.safeParse(input);
      return r.success
        ? {}
        : Object.fromEntries(Object.entries(issuesToErrors(r.error.issues)).map(([k, v]) => [k, v.code]));
    };
    expect(errors({})).toEqual({
      current_password: "password_required",
      password: "password_required",
      password_confirm: "password_required",
    });
    expect(errors({ current_password: "x", password: "new-pass-1", password_confirm: "new-pass-2" })).toEqual({
      password_confirm: "password_mismatch",
    });
    expect(errors({ current_password: "x", password: "new-pass-1", password_confirm: "new-pass-1" })).toEqual({});
  });
});

describe("birth date helpers", () => {
  it("parses the three selects", () => {
    const today = new Date(2025, 5, 1);
    expect(parseBirthdate("1990", "4", "5", today)).toEqual({ ok: true, value: "1990-04-05" });
    expect(parseBirthdate("", "", "", today)).toEqual({ ok: true, value: null });
    expect(parseBirthdate("1899", "12", "31", today)).toEqual({ ok: false });
    expect(parseBirthdate("2025", "6", "1", today)).toEqual({ ok: true, value: "2025-06-01" });
    expect(parseBirthdate("2025", "6", "2", today)).toEqual({ ok: false });
    expect(parseBirthdate("1990", "13", "1", today)).toEqual({ ok: false });
    expect(parseBirthdate("1990", "x", "1", today)).toEqual({ ok: false });
  });

  it("round-trips a saved profile to the form and back", () => {
    expect(birthdateParts(null)).toEqual({ birth_year: "1990", birth_month: "", birth_day: "" });
    const parsed = RegistrationSchema.safeParse(VALID).data;
    if (!parsed) throw new Error("valid input refused");
    const { password: _p, ...profile } = parsed;
    const again = RegistrationSchema.safeParse({
      ...profileFormValues(profile),
      password: "s3cret-pass",
      password_confirm: "s3cret-pass",
    });
    expect(again.data).toEqual(parsed);
  });
});

describe("the member staff register at the store: the country first (issue 40)", () => {
  const form = (address: Record<string, string>) =>
    StoreRegistrationSchema.safeParse({
      user_type: "1",
      name: "김 민준",
      kana: "KIM MINJUN",
      email: "minjun@example.com",
      birth_year: "1988",
      birth_month: "7",
      birth_day: "3",
      tel: "010-1234-5678",
      address_a: "서울특별시 중구 세종대로 110",
      locale: "ko",
      ...address,
    });
  it("abroad: no prefecture asked, the country's own postal code", () => {
    const result = form({ country: "KR", zip: "04524", pref_code: "" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ country: "KR", prefCode: 48 });
  });
  it("Japan: the prefecture and a 7-digit postal code, each refused next to its field", () => {
    const result = form({ country: "JP", zip: "12-34", pref_code: "" });
    expect(result.success).toBe(false);
    const errors = issuesToErrors(result.error?.issues ?? []);
    expect(errors.pref_code).toEqual({ code: "pref_required" });
    expect(errors.zip).toEqual({ code: "zip_invalid" });
  });
});
