import { describe, expect, it } from "vitest";
import { maskLicenseNumber } from "#common/license-types";
import {
  type DriverInputSettingsLike,
  driverFormConfig,
  driverFormValues,
  driverSchema,
  issueDateInFuture,
  licenceExpired,
  MAX_IMAGE_BYTES,
  parseFormDate,
} from "./driver.schema";

const TODAY = "2026-06-15";

/** One code per field, the first winning (as the form pattern shows them). */
function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, { code: string }> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= { code: issue.message };
  return errors;
}
const ALL_SHOWN: DriverInputSettingsLike = {
  fields: {
    name: 2,
    kana: 2,
    birthdate: 1,
    tel: 1,
    zip: 1,
    country: 1,
    pref_code: 1,
    address_a: 1,
    address_b: 1,
    license_type: 2,
    license_number: 2,
    license_acquisition_date: 2,
    license_expiration_date: 2,
    driver_image1: 2,
    driver_image2: 1,
    driver_image3: 1,
    driver_image4: 1,
  },
  licensePicturesDisplayNum: 2,
  shouldHideAllInputs: false,
};

const valid = {
  name: "山田 花子",
  kana: "ヤマダ ハナコ",
  license_type_ordinary: "1",
  license_number: "123456789012",
  license_acquisition_date: "2015-04-01",
  license_expiration_date: "2028-05-01",
};
const jpeg = (size = 1000, name = "licence.jpg", type = "image/jpeg") =>
  new File([new Uint8Array(size)], name, { type });

function errorsOf(
  config = driverFormConfig(ALL_SHOWN, TODAY),
  input: Record<string, unknown>,
  existing: number[] = [],
) {
  const result = driverSchema(config, existing).safeParse(input);
  return result.success ? {} : issuesToErrors(result.error.issues);
}

describe("driverFormConfig (spec §3 driver input setting)", () => {
  it("shows fields by their mode and requires the spec's licence fields whenever shown", () => {
    const config = driverFormConfig(
      { ...ALL_SHOWN, fields: { ...ALL_SHOWN.fields, name: 1, tel: 0, license_number: 1 } },
      TODAY,
    );
    expect(config.modes.name).toBe(2);
    expect(config.modes.license_number).toBe(2);
    expect(config.modes.tel).toBe(0);
    expect(config.modes.kana).toBe(2);
    expect(config.modes.zip).toBe(1);
  });

  it("lets a site hide even a spec-required field", () => {
    const config = driverFormConfig({ ...ALL_SHOWN, fields: { ...ALL_SHOWN.fields, license_number: 0 } }, TODAY);
    expect(config.modes.license_number).toBe(0);
    expect(errorsOf(config, { ...valid, license_number: "", driver_image1: jpeg() })).toEqual({});
  });

  it("shows as many image inputs as license_pictures_display_num, each by its own mode", () => {
    expect(driverFormConfig(ALL_SHOWN, TODAY).images).toEqual([
      { slot: 1, required: true },
      { slot: 2, required: false },
    ]);
    expect(driverFormConfig({ ...ALL_SHOWN, licensePicturesDisplayNum: 4 }, TODAY).images).toHaveLength(4);
    expect(driverFormConfig({ ...ALL_SHOWN, licensePicturesDisplayNum: 0 }, TODAY).images).toEqual([]);
    const hiddenSecond = {
      ...ALL_SHOWN,
      fields: { ...ALL_SHOWN.fields, driver_image2: 0 },
      licensePicturesDisplayNum: 3,
    };
    expect(driverFormConfig(hiddenSecond, TODAY).images.map((i) => i.slot)).toEqual([1, 3]);
  });

  it("should_hide_all_inputs leaves only what is required", () => {
    const config = driverFormConfig({ fields: {}, licensePicturesDisplayNum: 0, shouldHideAllInputs: true }, TODAY);
    const shown = Object.entries(config.modes)
      .filter(([, mode]) => mode !== 0)
      .map(([field]) => field);
    expect(shown.sort()).toEqual(
      ["license_acquisition_date", "license_expiration_date", "license_number", "license_type", "name"].sort(),
    );
    expect(config.images).toEqual([]);
    const withImages = driverFormConfig({ ...ALL_SHOWN, shouldHideAllInputs: true }, TODAY);
    expect(withImages.images).toEqual([{ slot: 1, required: true }]);
    expect(withImages.modes.kana).toBe(2);
    expect(withImages.modes.zip).toBe(0);
  });

  it("defaults a site without settings to the spec's required fields and two optional images", () => {
    const config = driverFormConfig({ fields: {}, licensePicturesDisplayNum: 2, shouldHideAllInputs: false }, TODAY);
    expect(config.modes.name).toBe(2);
    expect(config.modes.kana).toBe(1);
    expect(config.images).toEqual([
      { slot: 1, required: false },
      { slot: 2, required: false },
    ]);
  });
});

describe("driver rules (spec §5)", () => {
  it("requires name, licence type, number, issue and expiry dates", () => {
    expect(errorsOf(undefined, {})).toMatchObject({
      name: { code: "name_required" },
      kana: { code: "kana_required" },
      license_type: { code: "license_type_required" },
      license_number: { code: "license_number_required" },
      license_acquisition_date: { code: "license_issue_required" },
      license_expiration_date: { code: "license_expiry_required" },
      driver_image1: { code: "image_required" },
    });
  });

  it("accepts a complete driver", () => {
    expect(errorsOf(undefined, { ...valid, driver_image1: jpeg() })).toEqual({});
  });

  it("refuses an issue date in the future and an expired licence, judged on the site's today", () => {
    const errors = errorsOf(undefined, {
      ...valid,
      license_acquisition_date: "2026-06-16",
      license_expiration_date: "2026-06-14",
      driver_image1: jpeg(),
    });
    expect(errors.license_acquisition_date).toEqual({ code: "license_issue_future" });
    expect(errors.license_expiration_date).toEqual({ code: "license_expired" });
    // Issued today and expiring today are both fine today.
    expect(
      errorsOf(undefined, {
        ...valid,
        license_acquisition_date: TODAY,
        license_expiration_date: TODAY,
        driver_image1: jpeg(),
      }),
    ).toEqual({});
  });

  it("date rules are pure comparisons of calendar dates", () => {
    expect(issueDateInFuture("2026-06-16", TODAY)).toBe(true);
    expect(issueDateInFuture(TODAY, TODAY)).toBe(false);
    expect(licenceExpired("2026-06-14", TODAY)).toBe(true);
    expect(licenceExpired(TODAY, TODAY)).toBe(false);
  });

  it("reads YYYY-MM-DD and YYYY/MM/DD and refuses days that do not exist", () => {
    expect(parseFormDate("2024-02-29")).toBe("2024-02-29");
    expect(parseFormDate("2024/2/9")).toBe("2024-02-09");
    expect(parseFormDate("2023-02-29")).toBeNull();
    expect(parseFormDate("2023-13-01")).toBeNull();
    expect(parseFormDate("tomorrow")).toBeNull();
    expect(errorsOf(undefined, { ...valid, license_acquisition_date: "2023-02-29", driver_image1: jpeg() })).toEqual({
      license_acquisition_date: { code: "date_invalid" },
    });
  });

  it("refuses a birth date in the future and a malformed phone number and postal code", () => {
    expect(
      errorsOf(undefined, { ...valid, birthdate: "2030-01-01", tel: "090 1234", zip: "12", driver_image1: jpeg() }),
    ).toEqual({
      birthdate: { code: "birthdate_invalid" },
      tel: { code: "tel_invalid" },
      zip: { code: "zip_invalid" },
    });
  });

  it("requires the country for an overseas address", () => {
    expect(errorsOf(undefined, { ...valid, pref_code: "48", driver_image1: jpeg() })).toEqual({
      country: { code: "country_required" },
    });
  });

  it("checks a chosen file's size and declared type in the browser (the server checks the bytes)", () => {
    expect(errorsOf(undefined, { ...valid, driver_image1: jpeg(MAX_IMAGE_BYTES + 1) })).toEqual({
      driver_image1: { code: "image_too_large" },
    });
    expect(errorsOf(undefined, { ...valid, driver_image1: jpeg(100, "x.svg", "image/svg+xml") })).toEqual({
      driver_image1: { code: "image_type" },
    });
    expect(errorsOf(undefined, { ...valid, driver_image1: jpeg(0, "empty.jpg") })).toEqual({
      driver_image1: { code: "image_type" },
    });
    // An input left empty sends an unnamed empty file: that is no file.
    expect(errorsOf(undefined, { ...valid, driver_image1: jpeg(0, "", "") })).toEqual({
      driver_image1: { code: "image_required" },
    });
  });

  it("a saved image satisfies a required slot unless it is removed without a replacement", () => {
    expect(errorsOf(undefined, valid, [1])).toEqual({});
    expect(errorsOf(undefined, { ...valid, driver_image1_remove: "1" }, [1])).toEqual({
      driver_image1: { code: "image_required" },
    });
    expect(errorsOf(undefined, { ...valid, driver_image1_remove: "1", driver_image1: jpeg() }, [1])).toEqual({});
  });
});

describe("driver input", () => {
  it("keeps only the shown fields, licence types in code order, new images and removals", () => {
    const config = driverFormConfig(
      { ...ALL_SHOWN, fields: { ...ALL_SHOWN.fields, tel: 0, driver_image1: 1 }, licensePicturesDisplayNum: 3 },
      TODAY,
    );
    const file = jpeg();
    const result = driverSchema(config, [2]).safeParse({
      ...valid,
      kana: "ヤマダ",
      zip: "900-0006",
      pref_code: "47",
      tel: "ignored",
      license_type_international: "1",
      driver_image1: file,
      driver_image2_remove: "1",
      driver_image3_remove: "1",
      driver_image4: jpeg(),
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.driver).not.toHaveProperty("tel");
    expect(result.data.driver).toMatchObject({
      name: "山田 花子",
      zip: "9000006",
      prefCode: 47,
      birthdate: null,
      licenseTypes: ["ordinary", "international"],
      licenseAcquisitionDate: "2015-04-01",
    });
    expect(result.data.images).toEqual([{ slot: 1, file }]);
    // Slot 3 has no saved image to remove; slot 4 is not shown.
    expect(result.data.removals).toEqual([2]);
  });

  it("a saved driver fills the form back", () => {
    const values = driverFormValues({
      name: "A",
      kana: "",
      birthdate: null,
      tel: "",
      zip: "",
      country: "",
      prefCode: null,
      addressA: "",
      addressB: "",
      licenseTypes: ["ordinary", "unknown"],
      licenseNumber: "1",
      licenseAcquisitionDate: "2010-01-01",
      licenseExpirationDate: null,
    });
    expect(values).toMatchObject({ name: "A", license_type_ordinary: "1", license_acquisition_date: "2010-01-01" });
    expect(values).not.toHaveProperty("license_type_unknown");
  });

  it("masks a licence number but for its last four characters", () => {
    expect(maskLicenseNumber("123456789012")).toBe("••••••••9012");
    expect(maskLicenseNumber("1234")).toBe("1234");
  });
});
