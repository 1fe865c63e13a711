import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, localDate } from "#common/calendar-date";
import { reservations } from "#server/db/schema";
import { ORIGIN } from "#tests/api/harness";
import { partnerBooking } from "../../../examples/partner-booking";
import { CUSTOMER, expectDocumented, partnerHarness } from "./harness";

/** Issue 42: the example books, changes and cancels through the API for programs, as the README tells. */
let h: Awaited<ReturnType<typeof partnerHarness>>;
beforeAll(async () => {
  h = await partnerHarness();
}, 180_000);
afterAll(() => h.handle.close());

it("the example books, adds a day and cancels with a key; the booking says channel api and revision 2 (its change and its cancellation)", async () => {
  const apiKey = await h.makeKey(["catalog:read", "reservations:write"]);
  const viaApp: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await h.app.request(request);
    const url = new URL(request.url);
    await expectDocumented(request.method, `${url.pathname.replace("/api/partner/v1", "")}${url.search}`, response);
    return response;
  };
  const result = await partnerBooking({
    baseUrl: ORIGIN,
    apiKey,
    day: addDays(localDate(new Date(), "Asia/Tokyo"), 44),
    customer: CUSTOMER,
    fetch: viaApp,
  });
  expect(result.changedTotal).toBe(result.bookedTotal + result.difference);
  expect(result.difference).toBeGreaterThan(0);
  const [row] = await h.handle
    .forSite("sakura")
    .select()
    .from(reservations)
    .where(eq(reservations.reserveNo, result.reservationNumber));
  expect(row).toMatchObject({
    channel: "api",
    revision: 2,
    status: "cancelled",
    cancellationFee: result.cancellationFee,
  });
});
