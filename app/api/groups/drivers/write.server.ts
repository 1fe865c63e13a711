import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { deleteDriver, getDriver, registerDriver, updateDriver } from "#server/drivers/drivers";
import { driverOut, NO_IMAGES, parseDriver } from "./presenters.server";
import { DriverBody, IdParams, MemberDriverSchema } from "./schemas.server";

export const WRITE_OPERATIONS = [
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
