import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingMails } from "#app/presenters/booking-mail.server";
import { createStoreFeed } from "#server/calendar/feeds";

import { mailOutbox, stores } from "#server/db/schema";
import { createApp } from "#server/http/app";
import type { AppServices } from "#server/http/context";
import { createMailer } from "#server/mail/mailer";
import { relayOutbox } from "#server/mail/relay";
import { createSmtpTransport } from "#server/mail/smtp-transport";
import { PaymentSimulator } from "#server/payments/simulator";
import { submitReservation } from "#server/reservations/submit";
import { CARD_BOOKING_NOW, cardStepSession } from "#tests/fixtures/card-booking";
import { serverBuild } from "#tests/fixtures/server-build";
import { testServices } from "#tests/fixtures/services";
import { startSmtpServer } from "#tests/fixtures/smtp-server";
import { OWNER } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * The booking's calendar file end to end (issue 25, decision 035): the real composer puts it on the
 * confirmation in the booking's language, the outbox keeps it, and the SMTP relay delivers it as a
 * text/calendar attachment. And the feed's mount in the Hono app, before React Router.
 */

let handle: TestDb;
let services: AppServices;
const payments = new PaymentSimulator();

beforeAll(async () => {
  handle = await createTestDb();
  services = testServices(handle.forSite(""), { mailer: createMailer({ MAIL_TRANSPORT: "smtp" }), payments });
});
afterAll(() => handle.close());

/** A guest's booking paid at the store, in `locale`. */
async function cashBooking(locale: "ko" | "en") {
  const { siteId, bundle, session } = await cardStepSession(handle);
  const answer = await submitReservation(
    handle.forSite(siteId),
    siteId,
    {
      bundle,
      session: { ...session, payMethod: 2 },
      idempotencyKey: `k-${siteId}`,
      memberId: null,
      locale,
      now: CARD_BOOKING_NOW,
    },
    {
      mailer: services.mailer,
      payments,
      mails: bookingMails({ ...services, db: handle.forSite(siteId) }, "https://booking.example.com"),
    },
  );
  if (answer.outcome !== "completed") throw new Error(`expected a booking, got ${answer.outcome}`);
  return { siteId, reserveNo: answer.reserveNo };
}

/** The text/calendar part of a raw MIME message, decoded. */
function calendarPart(raw: string): { headers: string; body: string } | null {
  for (const part of raw.split(/\r\n--[^\r\n]+\r\n/)) {
    const at = part.indexOf("\r\n\r\n");
    const headers = part.slice(0, at);
    if (!/content-type:\s*text\/calendar/i.test(headers)) continue;
    const body = part.slice(at + 4).replace(/\r\n--[^\r\n]*--\s*$/, "");
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === "base64")
      return { headers, body: Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") };
    if (encoding === "quoted-printable") {
      const bytes = body
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return { headers, body: Buffer.from(bytes, "latin1").toString("utf8") };
    }
    return { headers, body };
  }
  return null;
}

const unfold = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");

describe("the confirmation mail's .ics", () => {
  it("is stored with the mail, in the booking's language, and only on the customer's mail", async () => {
    const { siteId, reserveNo } = await cashBooking("ko");
    const mails = await handle.forSite(siteId).select().from(mailOutbox).where(eq(mailOutbox.siteId, siteId));
    const customer = mails.find((m) => m.kind === "reservation_confirmed");
    const store = mails.find((m) => m.kind === "store_notification");
    expect(customer?.locale).toBe("ko");
    expect(store?.attachments).toBeNull();
    const [file] = customer?.attachments ?? [];
    expect(file?.filename).toBe(`reservation-${reserveNo}.ics`);
    expect(file?.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    const lines = unfold(file?.content ?? "");
    // The store and the car type have no Korean names: the Japanese ones, in the Korean sentence.
    expect(lines).toContain("SUMMARY:렌터카: アクア — 本店");
    expect(lines).toContain("DTSTART;TZID=Asia/Tokyo:20261204T110000");
    expect(lines.find((l) => l.startsWith("DESCRIPTION:"))).toContain(reserveNo);
  });

  it("travels through the SMTP relay as a text/calendar attachment", async () => {
    const { reserveNo } = await cashBooking("en");
    const server = await startSmtpServer();
    const transport = createSmtpTransport({
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: server.port,
      SMTP_SECURE: false,
      MAIL_FROM: "Test <no-reply@test.example>",
    });
    try {
      const result = await relayOutbox(handle.server, transport);
      expect(result.failed + result.retrying).toBe(0);
      const mail = server.received.find(
        (m) => m.envelope.to.includes("hanako@example.com") && m.headers.get("subject")?.includes(reserveNo),
      );
      expect(mail).toBeDefined();
      expect(mail?.headers.get("content-type")).toMatch(/^multipart\/mixed/);
      // The mail's own text is still there, beside the file.
      expect(mail?.text).toContain(reserveNo);
      const part = calendarPart(mail?.raw ?? "");
      expect(part?.headers).toMatch(/filename="?reservation-[^"\r\n]+\.ics/);
      const lines = unfold(part?.body ?? "");
      expect(lines[0]).toBe("BEGIN:VCALENDAR");
      // The car type has no English name: the Japanese one, in the English sentence.
      expect(lines).toContain("SUMMARY:Rental car: アクア — Main store");
      expect(lines.find((l) => l.startsWith("UID:"))).toContain(reserveNo);
    } finally {
      transport.close();
      await server.close();
    }
  });
});

describe("the feed's route in the Hono app", () => {
  it("answers before React Router: the feed, or a plain 404", async () => {
    const app = createApp({ ...services, database: handle.server, build: routerBuild(), mode: "production" });
    const { siteId } = await cashBooking("en");
    const { token } = await createStoreFeed(handle.forSite(siteId), siteId, OWNER, (await storeOf(siteId)) as number);

    const ok = await app.request(`http://localhost/calendar/${siteId}/${token}.ics?lang=en`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(ok.headers.get("cache-control")).toBe("private, max-age=300");
    expect(await ok.text()).toContain("X-WR-CALNAME:Main store departures and returns");

    for (const path of [
      `/calendar/other-site/${token}.ics`,
      `/calendar/${siteId}/${token.slice(2)}.ics`,
      `/calendar/${siteId}/%00%0A.ics`,
      `/calendar/${siteId}/..%2F${token}.ics`,
      `/calendar/%E2%80%AE/${token}.ics`,
    ]) {
      const res = await app.request(`http://localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe("Not Found");
    }
    // A path that is not a feed goes on to the pages.
    const page = await app.request(`http://localhost/calendar/${siteId}/stores`);
    expect(await page.text()).toBe("a page of React Router");
  });
});

describe("the feed's UIDs", () => {
  const uids = (ics: string) => unfold(ics).filter((l) => l.startsWith("UID:"));
  async function feedThrough(publicOrigin: string | undefined) {
    const app = createApp({
      ...services,
      publicOrigin,
      database: handle.server,
      build: routerBuild(),
      mode: "production",
    });
    const { siteId } = await cashBooking("en");
    const { token } = await createStoreFeed(handle.forSite(siteId), siteId, OWNER, (await storeOf(siteId)) as number);
    const read = async (host: string) => {
      const res = await app.request(`http://${host}/calendar/${siteId}/${token}.ics`, { headers: { host } });
      expect(res.status).toBe(200);
      return res.text();
    };
    return { siteId, read };
  }

  it("are the same whatever Host the feed is read through (no PUBLIC_ORIGIN): a fixed name", async () => {
    const { siteId, read } = await feedThrough(undefined);
    const [one, two] = [await read("127.0.0.1:4517"), await read("localhost:4517")];
    expect(uids(one).length).toBeGreaterThan(0);
    expect(uids(two)).toEqual(uids(one));
    expect(uids(one).every((l) => l.endsWith(`.${siteId}@feeds.reservations.rentacar`))).toBe(true);
    // The links still follow the request when nothing else names the origin.
    expect(one).toContain("http://127.0.0.1:4517/admin/");
  });

  it("are made from PUBLIC_ORIGIN when it is set, never from the request's Host", async () => {
    const { siteId, read } = await feedThrough("https://booking.example.com");
    const [one, two] = [await read("127.0.0.1"), await read("internal.proxy.local")];
    expect(uids(two)).toEqual(uids(one));
    expect(uids(one).every((l) => l.endsWith(`.${siteId}@booking.example.com`))).toBe(true);
    expect(one).not.toContain("127.0.0.1");
  });
});

/** A build with one resource route under `/calendar/:siteId/:file`, to see what reaches React Router. */
const routerBuild = () =>
  serverBuild({
    root: { id: "root", path: "", module: { default: () => null } },
    page: {
      id: "page",
      parentId: "root",
      path: "calendar/:siteId/:file",
      module: { loader: () => new Response("a page of React Router") },
    },
  } as unknown as ServerBuild["routes"]);

async function storeOf(siteId: string) {
  const [row] = await handle.forSite(siteId).select({ id: stores.id }).from(stores).where(eq(stores.siteId, siteId));
  return row?.id;
}
