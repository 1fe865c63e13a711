import { z } from "zod";
import { isLicenseType, LICENSE_TYPES } from "../../../common/license-types";
import { localizePath } from "../../../common/locales";
import {
  DRIVER_FIELDS,
  driverFormValues,
  driverSchema,
  IMAGE_SLOTS,
  imageRemoveName,
  licenseTypeFieldName,
} from "../../../server/drivers/driver.schema";
import {
  type DriverDetail,
  deleteDriver,
  driverHasReserve,
  getDriver,
  listDrivers,
  registerDriver,
  updateDriver,
} from "../../../server/drivers/drivers";
import { AppError, type FieldReasons } from "../../../server/errors";
import { issuesToErrors } from "../../lib/forms";
import { driverFormConfigOf, presentDriverSummary } from "../../presenters/driver-form.server";
import { type ApiRequest, operation } from "../operation.server";

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

const text = z.string().optional();
/**
 * The driver form's fields (documented statically; checked in the handler by the site's own driver
 * form schema, whose required fields depend on its driver input settings).
 */
const DriverBody = z
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

type DriverBodyInput = z.output<typeof DriverBody>;

/** The JSON body as the page's form would post it: licence types as checkboxes, no files. */
function formFields(body: DriverBodyInput, removals: boolean): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  const raw = body as Record<string, unknown>;
  for (const field of DRIVER_FIELDS) if (field in raw) form[field] = raw[field];
  for (const code of LICENSE_TYPES) {
    const name = licenseTypeFieldName(code);
    if (typeof raw[name] === "string" && raw[name] !== "") form[name] = "1";
  }
  for (const code of body.license_types ?? []) form[licenseTypeFieldName(code)] = "1";
  if (removals) {
    for (const slot of IMAGE_SLOTS) {
      const name = imageRemoveName(slot);
      if (typeof raw[name] === "string" && raw[name] !== "") form[name] = "1";
    }
  }
  return form;
}

/** The site's driver schema over the body: the same 422 as the page (a required licence image included). */
async function parseDriver(req: ApiRequest<unknown, unknown, DriverBodyInput>, existingSlots: readonly number[]) {
  const config = await driverFormConfigOf(req.db, req.siteId, req.bundle, req.now);
  const parsed = driverSchema(config, existingSlots).safeParse(formFields(req.body, existingSlots.length > 0));
  if (!parsed.success) {
    throw new AppError("invalid_input", { fieldErrors: issuesToErrors(parsed.error.issues) as FieldReasons });
  }
  return parsed.data;
}

function driverOut(d: DriverDetail, siteId: string, locale: ApiRequest["locale"]) {
  const v = driverFormValues(d);
  return {
    id: d.id,
    name: v.name!,
    kana: v.kana!,
    birthdate: v.birthdate!,
    tel: v.tel!,
    zip: v.zip!,
    country: v.country!,
    pref_code: v.pref_code!,
    address_a: v.address_a!,
    address_b: v.address_b!,
    license_types: d.licenseTypes.filter(isLicenseType),
    license_number: v.license_number!,
    license_acquisition_date: v.license_acquisition_date!,
    license_expiration_date: v.license_expiration_date!,
    images: d.images.map((i) => ({
      slot: i.slot,
      content_type: i.contentType,
      byte_size: i.byteSize,
      url: localizePath(locale, `/${siteId}/mypage/driver/${d.id}/images/${i.slot}`),
    })),
  };
}

const NO_IMAGES =
  "Licence images are not taken as JSON: they are uploaded on the site's driver pages. When the site requires an image, the API refuses a driver without one with the page's 422 (`driver_image1`: `image_required`); an update keeps the images already saved.";

/** §7's drivers list; My Page's `driver-list` is the same list. */
export const DRIVER_LIST_OPERATION = operation({
  method: "get",
  path: "/drivers",
  tag: "drivers",
  operationId: "drivers",
  summary: "The member's saved drivers",
  response: z.object({ drivers: z.array(MemberDriverSummarySchema) }),
  browser: "member",
  key: false,
  async handler({ db, siteId, now, member }) {
    const me = await member();
    const drivers = await listDrivers(db, siteId, me.id, now);
    return {
      drivers: drivers.map((d) => {
        const p = presentDriverSummary(d);
        return {
          id: p.id,
          name: p.name,
          kana: p.kana,
          license_types: p.licenseTypes.filter(isLicenseType),
          license_number: p.licenseNumber,
          license_expiration_date: p.licenseExpirationDate,
          image_count: p.imageCount,
          has_reserve: p.hasReserve,
        };
      }),
    };
  },
});

export const DRIVER_OPERATIONS = [
  DRIVER_LIST_OPERATION,
  operation({
    method: "get",
    path: "/drivers/:id",
    tag: "drivers",
    operationId: "drivers/{id}",
    summary: "One of the member's drivers, as its edit form shows it",
    description: "Another member's or another site's driver is 404.",
    params: IdParams,
    response: z.object({ driver: MemberDriverSchema }),
    browser: "member",
    key: false,
    async handler({ db, siteId, locale, params, member }) {
      const me = await member();
      return { driver: driverOut(await getDriver(db, siteId, me.id, params.id), siteId, locale) };
    },
  }),
  operation({
    method: "get",
    path: "/drivers/:id/has-reserve",
    tag: "drivers",
    operationId: "drivers/{id}/has-reserve",
    summary: "Whether a reservation that is neither cancelled nor over uses the driver",
    params: IdParams,
    response: z.object({ has_reserve: z.boolean() }),
    browser: "member",
    key: false,
    async handler({ db, siteId, now, params, member }) {
      const me = await member();
      return { has_reserve: await driverHasReserve(db, siteId, me.id, params.id, now) };
    },
  }),
  operation({
    method: "post",
    path: "/drivers/register",
    tag: "drivers",
    operationId: "drivers/register",
    summary: "Save a new driver",
    description: NO_IMAGES,
    body: DriverBody,
    response: z.object({ driver: MemberDriverSchema }),
    status: 201,
    browser: "member",
    key: false,
    idempotent: true,
    problems: [409, 422],
    async handler(req) {
      const me = await req.member();
      const input = await parseDriver(req, []);
      const { blobs, logger } = req.services;
      const id = await registerDriver(req.db, { blobs, logger }, req.siteId, me.id, input.driver);
      return { driver: driverOut(await getDriver(req.db, req.siteId, me.id, id), req.siteId, req.locale) };
    },
  }),
  operation({
    method: "post",
    path: "/drivers/:id/update",
    tag: "drivers",
    operationId: "drivers/{id}/update",
    summary: "Change one of the member's drivers (the fields the site's form shows; a hidden one keeps its value)",
    description: NO_IMAGES,
    params: IdParams,
    body: DriverBody,
    response: z.object({ driver: MemberDriverSchema }),
    browser: "member",
    key: false,
    problems: [422],
    async handler(req) {
      const me = await req.member();
      // Whose driver it is is settled before the body is checked: another's is 404, not 422.
      const current = await getDriver(req.db, req.siteId, me.id, req.params.id);
      const input = await parseDriver(
        req,
        current.images.map((i) => i.slot),
      );
      const { blobs, logger } = req.services;
      await updateDriver(req.db, { blobs, logger }, req.siteId, me.id, current.id, input.driver, [], input.removals);
      return { driver: driverOut(await getDriver(req.db, req.siteId, me.id, current.id), req.siteId, req.locale) };
    },
  }),
  operation({
    method: "post",
    path: "/drivers/:id/delete",
    tag: "drivers",
    operationId: "drivers/{id}/delete",
    summary: "Delete one of the member's drivers",
    description:
      "Refused (422, `driver_has_reserve`) while a reservation that is neither cancelled nor over uses the driver. Past reservations keep the driver as booked; the licence images are deleted.",
    params: IdParams,
    response: z.object({ deleted: z.literal(true), id: z.number().int() }),
    browser: "member",
    key: false,
    problems: [422],
    async handler({ db, siteId, now, params, services, member }) {
      const me = await member();
      await deleteDriver(db, { blobs: services.blobs, logger: services.logger }, siteId, me.id, params.id, now);
      return { deleted: true as const, id: params.id };
    },
  }),
];
