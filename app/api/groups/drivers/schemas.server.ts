import { z } from "zod";
import { LICENSE_TYPES } from "#common/license-types";
import { IMAGE_SLOTS, imageRemoveName } from "#server/drivers/driver.schema";

/** A path id: a positive integer the database can hold; anything else is a 404. */
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A driver of the list (app/routes/mypage/driver/driver_list): the licence number masked but for its last four. */
export const MemberDriverSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kana: z.string(),
    license_types: z.array(z.string()).meta({ description: "Licence type codes (`ordinary`, `international`, …)." }),
    license_number: z.string().meta({ description: "Masked: only the last four characters are shown." }),
    license_expiration_date: z.string().nullable().meta({ description: "`YYYY/MM/DD`." }),
    image_count: z.number().int(),
    has_reserve: z
      .boolean()
      .meta({ description: "Used by a reservation that is neither cancelled nor over: it cannot be deleted." }),
  })
  .meta({ id: "MemberDriverSummary" });

/** A driver as its edit form shows it: the same field names and text values `drivers/{id}/update` takes. */
export const MemberDriverSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kana: z.string(),
    birthdate: z.string().meta({ description: "`YYYY-MM-DD`, empty when not given." }),
    tel: z.string(),
    zip: z.string(),
    country: z.string().meta({ description: "ISO 3166-1 alpha-2." }),
    pref_code: z.string(),
    address_a: z.string(),
    address_b: z.string(),
    license_types: z.array(z.string()),
    license_number: z.string(),
    license_acquisition_date: z.string().meta({ description: "`YYYY-MM-DD`." }),
    license_expiration_date: z.string().meta({ description: "`YYYY-MM-DD`." }),
    images: z
      .array(
        z.object({
          slot: z.number().int(),
          content_type: z.string(),
          byte_size: z.number().int(),
          url: z.string().meta({ description: "The image, for this member's browser session only." }),
        }),
      )
      .meta({ description: "Licence images (uploaded on the site's driver pages)." }),
  })
  .meta({ id: "MemberDriver" });

export const text = z.string().optional();
/**
 * The driver form's fields (documented statically; checked in the handler by the site's own driver
 * form schema, whose required fields depend on its driver input settings).
 */
export const DriverBody = z
  .looseObject({
    name: text,
    kana: text,
    birthdate: text.meta({ description: "`YYYY-MM-DD` or `YYYY/MM/DD`." }),
    tel: text,
    zip: text,
    country: text.meta({ description: "ISO 3166-1 alpha-2; needed when `pref_code` is 48 (overseas)." }),
    pref_code: text.meta({ description: "1-47, 48 overseas." }),
    address_a: text,
    address_b: text,
    license_types: z
      .array(z.enum(LICENSE_TYPES))
      .optional()
      .meta({ description: "The licence types held; or, as the form sends them, `license_type_<code>: true` each." }),
    license_number: text,
    license_acquisition_date: text.meta({ description: "`YYYY-MM-DD`; not in the future." }),
    license_expiration_date: text.meta({ description: "`YYYY-MM-DD`; not expired." }),
    ...Object.fromEntries(IMAGE_SLOTS.map((slot) => [imageRemoveName(slot), text])),
  })
  .meta({
    id: "DriverForm",
    description:
      "The site's driver form. Which fields are asked for and required follow the site's driver input settings (`GET /reservations/driver-setting`); refusals are 422 with the field map, as on the page. `driver_image<N>_remove: true` removes a saved licence image (update).",
  });

export type DriverBodyInput = z.output<typeof DriverBody>;
