import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { AppError } from "#server/errors";
import type { ReserveSession } from "#server/reservations/reserve-session";
import { ChoiceBody, CustomerBody } from "./bodies.server";
import {
  asRecord,
  browserSession,
  checkCustomer,
  quoteChoice,
  quoteOut,
  requireBooker,
  saveSession,
  sessionOut,
} from "./presenters.server";
import { QuoteSchema, ReserveSessionOut } from "./schemas.server";

export const STEP_OPERATIONS = [
  operation({
    method: "get",
    path: "/session",
    tag: "reservations",
    operationId: "session",
    summary: "The browser's booking in progress (null when there is none)",
    response: z.object({ reserve_session: ReserveSessionOut.nullable() }),
    browser: "anyone",
    key: false,
    async handler(req) {
      return { reserve_session: sessionOut(await browserSession(req)) };
    },
  }),
  operation({
    method: "post",
    path: "/session",
    tag: "reservations",
    operationId: "session (POST)",
    summary: "Choose the car, the period and the options: priced again and kept in the session",
    body: ChoiceBody,
    response: z.object({ reserve_session: ReserveSessionOut, quote: QuoteSchema }),
    browser: "anyone",
    key: false,
    problems: [422],
    async handler(req) {
      const { quote, session } = await quoteChoice(req, asRecord(req.body));
      const previous = await browserSession(req);
      // The customer already entered stays when only the car or the options change (as on the pages).
      const kept: ReserveSession =
        previous && !previous.completed
          ? {
              ...session,
              borrower: previous.borrower,
              driver: previous.driver,
              selectedDriverId: previous.selectedDriverId,
              destination: previous.destination,
              purpose: previous.purpose,
              passengers: previous.passengers,
              remarks: previous.remarks,
            }
          : session;
      await saveSession(req, kept);
      return { reserve_session: sessionOut(kept)!, quote: quoteOut(req.bundle, req.locale, quote) };
    },
  }),
  operation({
    method: "post",
    path: "/session-clear",
    tag: "reservations",
    operationId: "session-clear",
    summary: "Forget the booking in progress",
    description:
      "§7 lists it among the GETs; it changes the session, so it is a POST here (a GET must not change state, and would escape the CSRF check).",
    response: z.object({ reserve_session: z.null() }),
    browser: "anyone",
    key: false,
    async handler(req) {
      if (req.session?.hasCookie) await saveSession(req, undefined);
      return { reserve_session: null };
    },
  }),
  operation({
    method: "post",
    path: "/validate-reserve-customer",
    tag: "reservations",
    operationId: "validate-reserve-customer",
    summary: "Check the borrower, the driver and the trip; a browser's are kept for the confirmation",
    description:
      "The customer form's fields. Licence images are a page feature: a site that requires them refuses a new driver here.",
    body: CustomerBody,
    response: z.object({ valid: z.literal(true), borrower_name: z.string(), driver_mode: z.string() }),
    browser: "session",
    key: "bookings",
    problems: [422],
    async handler(req) {
      await requireBooker(req);
      const session = await browserSession(req);
      if (req.caller.kind === "browser" && !session)
        throw new AppError("rejected", { reason: { code: "details_updated" } });
      const customer = await checkCustomer(req, session ?? ({ carTypeId: 0 } as ReserveSession), asRecord(req.body));
      if (session) {
        const { discardedImageKeys: _, ...kept } = customer;
        await saveSession(req, { ...session, ...kept });
      }
      return { valid: true as const, borrower_name: customer.borrower.name, driver_mode: customer.driver.mode };
    },
  }),
];
