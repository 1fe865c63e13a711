import { describe, expect, it } from "vitest";
import { type DriverInputSettingsLike, driverFormConfig } from "#server/drivers/driver.schema";
import {
  type CustomerSchemaOptions,
  customerFormValues,
  customerSchema,
  driverPart,
  storedImageSlots,
} from "./customer.schema";

const TODAY = "2026-06-15";

const SETTINGS: DriverInputSettingsLike = {
  fields: { name: 2, kana: 2, birthdate: 1, tel: 1, driver_image1: 2, driver_image2: 1 },
  licensePicturesDisplayNum: 2,
  shouldHideAllInputs: false,
};
const config = driverFormConfig(SETTINGS, TODAY);

const borrower = {
  user_type: "1",
  name: "山田 花子",
  kana: "ヤマダ ハナコ",
  email: "hanako@example.com",
  tel: "090-1234-5678",
  zip: "９００-０００６",
  pref_code: "47",
  address_a: "那覇市おもろまち1-1-1",
};

const newDriver = {
  driver_mode: "new",
  driver_name: "山田 太郎",
  driver_kana: "ヤマダ タロウ",
  driver_license_type_ordinary: "1",
  driver_license_number: "987654321098",
  driver_license_acquisition_date: "2015-04-01",
  driver_license_expiration_date: "2028-05-01",
};

function errorsOf(values: Record<string, unknown>, options: Partial<CustomerSchemaOptions> = {}) {
  const result = customerSchema({ driver: config, member: false, ...options }).safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

function parse(values: Record<string, unknown>, options: Partial<CustomerSchemaOptions> = {}) {
  const result = customerSchema({ driver: config, member: false, ...options }).safeParse(values);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

const image = (name = "front.jpg", size = 1000) => new File([new Uint8Array(size)], name, { type: "image/jpeg" });

describe("the customer step's schema", () => {
  it("takes an individual borrower driving themselves, the postal code made half-width", () => {
    const input = parse({ ...borrower, driver_mode: "same", passengers: "4", destination: " 美ら海水族館 " });
    expect(input.borrower).toMatchObject({ userType: 1, name: "山田 花子", zip: "9000006", prefCode: 47, company: "" });
    expect(input.driver).toEqual({ mode: "same" });
    expect(input.passengers).toBe(4);
    expect(input.destination).toBe("美ら海水族館");
  });

  it("asks a corporation for its name and reading, and keeps them only for a corporation", () => {
    expect(errorsOf({ ...borrower, user_type: "2", driver_mode: "same" })).toEqual({
      company: "company_required",
      company_kana: "company_kana_required",
    });
    const corporate = parse({
      ...borrower,
      user_type: "2",
      company: "株式会社サンプル",
      company_kana: "カブシキガイシャサンプル",
      driver_mode: "same",
    });
    expect(corporate.borrower).toMatchObject({ userType: 2, company: "株式会社サンプル" });
    const individual = parse({ ...borrower, company: "株式会社サンプル", driver_mode: "same" });
    expect(individual.borrower.company).toBe("");
  });

  it("refuses a borrower without the required fields, with the spec's messages", () => {
    expect(errorsOf({ driver_mode: "same" })).toMatchObject({
      name: "name_required",
      kana: "kana_required",
      email: "email_required",
      tel: "tel_required",
      zip: "zip_required",
      country: "country_required",
      address_a: "city_required",
    });
    expect(errorsOf({ ...borrower, email: "hanako@", driver_mode: "same" })).toEqual({ email: "email_invalid" });
    expect(errorsOf({ ...borrower, pref_code: "48", driver_mode: "same" })).toEqual({ country: "country_required" });
    expect(errorsOf({ ...borrower, pref_code: "49", driver_mode: "same" })).toEqual({ pref_code: "invalid_choice" });
  });

  it("asks an address in Japan for a prefecture and 7 digits, any other country for its own postal code", () => {
    const japan = { ...borrower, country: "JP", driver_mode: "same" };
    expect(parse(japan).borrower).toMatchObject({ country: "JP", prefCode: 47, zip: "9000006" });
    expect(errorsOf({ ...japan, pref_code: "" })).toEqual({ pref_code: "pref_required" });
    expect(errorsOf({ ...japan, zip: "04524" })).toEqual({ zip: "zip_invalid" });

    const seoul = {
      ...borrower,
      country: "KR",
      pref_code: "",
      zip: "04524",
      tel: "010-1234-5678",
      address_a: "서울특별시 중구 세종대로 110",
      driver_mode: "same",
    };
    expect(parse(seoul).borrower).toMatchObject({ country: "KR", prefCode: 48, zip: "04524", tel: "+821012345678" });
    // A prefecture still chosen from before the country changed is not asked for, nor kept.
    expect(parse({ ...seoul, pref_code: "13" }).borrower).toMatchObject({ country: "KR", prefCode: 48 });
    expect(errorsOf({ ...seoul, zip: "900-0015" })).toEqual({ zip: "postal_invalid" });
    expect(errorsOf({ ...seoul, zip: "" })).toEqual({ zip: "zip_required" });
    // A free-format code where the country's form is not known: letters, digits, spaces, hyphens.
    expect(parse({ ...seoul, country: "IE", zip: "D02 X285", tel: "+353 1 234 5678" }).borrower).toMatchObject({
      country: "IE",
      zip: "D02 X285",
    });
    expect(errorsOf({ ...seoul, country: "FO", tel: "+82 10 1234 5678", zip: "<script>" })).toEqual({
      zip: "postal_invalid",
    });
  });

  it("needs a driver choice, and a saved driver needs its id", () => {
    expect(errorsOf({ ...borrower })).toEqual({ driver_mode: "driver_selection_required" });
    expect(errorsOf({ ...borrower, driver_mode: "other" })).toEqual({ driver_mode: "invalid_choice" });
    expect(errorsOf({ ...borrower, driver_mode: "saved" }, { member: true })).toEqual({
      driver_id: "driver_selection_required",
    });
    expect(errorsOf({ ...borrower, driver_mode: "saved", driver_id: "abc" }, { member: true })).toEqual({
      driver_id: "invalid_choice",
    });
    expect(parse({ ...borrower, driver_mode: "saved", driver_id: "12" }, { member: true }).driver).toEqual({
      mode: "saved",
      driverId: 12,
    });
  });

  it("never lets a guest choose a saved driver", () => {
    expect(errorsOf({ ...borrower, driver_mode: "saved", driver_id: "12" }, { member: false })).toEqual({
      driver_mode: "invalid_choice",
    });
  });

  it("checks a new driver by the driver input settings, its messages on the driver_ fields", () => {
    expect(errorsOf({ ...borrower, driver_mode: "new" })).toEqual({
      driver_name: "name_required",
      driver_kana: "kana_required",
      driver_license_type: "license_type_required",
      driver_license_number: "license_number_required",
      driver_license_acquisition_date: "license_issue_required",
      driver_license_expiration_date: "license_expiry_required",
      driver_image1: "image_required",
    });
    // The borrower's own name never satisfies the driver's.
    expect(errorsOf({ ...borrower, ...newDriver, driver_name: "" }, {})).toMatchObject({
      driver_name: "name_required",
    });
  });

  it("refuses a licence issued in the future and an expired licence; today is fine for both", () => {
    const withImage = { ...borrower, ...newDriver, driver_image1: image() };
    expect(errorsOf({ ...withImage, driver_license_acquisition_date: "2026-06-16" })).toEqual({
      driver_license_acquisition_date: "license_issue_future",
    });
    expect(errorsOf({ ...withImage, driver_license_expiration_date: "2026-06-14" })).toEqual({
      driver_license_expiration_date: "license_expired",
    });
    expect(
      errorsOf({
        ...withImage,
        driver_license_acquisition_date: TODAY,
        driver_license_expiration_date: TODAY,
      }),
    ).toEqual({});
  });

  it("gives a new driver's fields, licence types and images", () => {
    const front = image();
    const input = parse({ ...borrower, ...newDriver, driver_image1: front, driver_tel: "098-000-0000" });
    // A Japanese number typed nationally is kept in E.164.
    if (input.driver.mode !== "new") throw new Error("not a new driver");
    expect(input.driver.driver).toMatchObject({
      name: "山田 太郎",
      kana: "ヤマダ タロウ",
      tel: "+81980000000",
      licenseTypes: ["ordinary"],
      licenseNumber: "987654321098",
      licenseAcquisitionDate: "2015-04-01",
      licenseExpirationDate: "2028-05-01",
    });
    expect(input.driver.images).toEqual([{ slot: 1, file: front }]);
  });

  it("lets an image already received fill its slot, unless it is withdrawn", () => {
    const slots = storedImageSlots(config, 1);
    expect(slots).toEqual([1]);
    expect(errorsOf({ ...borrower, ...newDriver }, { storedImageSlots: slots })).toEqual({});
    expect(errorsOf({ ...borrower, ...newDriver, driver_image1_remove: "1" }, { storedImageSlots: slots })).toEqual({
      driver_image1: "image_required",
    });
    const input = parse(
      { ...borrower, ...newDriver, driver_image1_remove: "1", driver_image1: image() },
      {
        storedImageSlots: slots,
      },
    );
    if (input.driver.mode !== "new") throw new Error("not a new driver");
    expect(input.driver.images.map((i) => i.slot)).toEqual([1]);
  });

  it("refuses an image over 10 MB or of another type", () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" });
    expect(errorsOf({ ...borrower, ...newDriver, driver_image1: big })).toEqual({ driver_image1: "image_too_large" });
    const pdf = new File([new Uint8Array(10)], "doc.pdf", { type: "application/pdf" });
    expect(errorsOf({ ...borrower, ...newDriver, driver_image1: pdf })).toEqual({ driver_image1: "image_type" });
  });

  it("asks only for what the settings show when every optional input is hidden", () => {
    const bare = driverFormConfig(
      { fields: { kana: 1, driver_image1: 1 }, licensePicturesDisplayNum: 2, shouldHideAllInputs: true },
      TODAY,
    );
    const { driver_kana: _kana, ...rest } = newDriver;
    expect(errorsOf({ ...borrower, ...rest }, { driver: bare })).toEqual({});
  });

  it("ignores a new driver's fields when another choice is made", () => {
    expect(errorsOf({ ...borrower, driver_mode: "same", driver_license_expiration_date: "2000-01-01" })).toEqual({});
  });

  it("takes 1 to 99 passengers or none", () => {
    expect(parse({ ...borrower, driver_mode: "same", passengers: "" }).passengers).toBeNull();
    expect(parse({ ...borrower, driver_mode: "same", passengers: "99" }).passengers).toBe(99);
    for (const bad of ["0", "100", "-1", "2.5", "abc"]) {
      expect(errorsOf({ ...borrower, driver_mode: "same", passengers: bad }), bad).toEqual({
        passengers: "invalid_choice",
      });
    }
  });

  it("refills the form from what the session holds (Back from the confirmation)", () => {
    const values = customerFormValues({
      borrower: { name: "山田 花子", userType: 1, zip: "9000006", prefCode: 47, email: "h@example.com" },
      driver: {
        mode: "new",
        person: { name: "山田 太郎", kana: "ヤマダ タロウ", licenseNumber: "987654321098" },
        licenseTypes: ["ordinary"],
        licenseAcquisitionDate: "2015-04-01",
        licenseExpirationDate: "2028-05-01",
        images: [],
      },
      destination: "北部",
      purpose: "観光",
      passengers: 3,
    });
    expect(values).toMatchObject({
      user_type: "1",
      name: "山田 花子",
      pref_code: "47",
      driver_mode: "new",
      driver_name: "山田 太郎",
      driver_license_type_ordinary: "1",
      driver_license_number: "987654321098",
      driver_license_expiration_date: "2028-05-01",
      destination: "北部",
      passengers: "3",
    });
    // The refilled driver fields are the driver form's own values again.
    expect(driverPart(values)).toMatchObject({ name: "山田 太郎", license_type_ordinary: "1" });
  });
});
