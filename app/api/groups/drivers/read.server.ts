import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { presentDriverSummary } from "#app/presenters/driver-form.server";
import { isLicenseType } from "#common/license-types";
import { driverHasReserve, getDriver, listDrivers } from "#server/drivers/drivers";
import { driverOut } from "./presenters.server";
import { IdParams, MemberDriverSchema, MemberDriverSummarySchema } from "./schemas.server";

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

export const READ_OPERATIONS = [
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
];
