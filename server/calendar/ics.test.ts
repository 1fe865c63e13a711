import { describe, expect, it } from "vitest";
import { feedUidDomain, movementEvent } from "./feed-http";
import type { FeedMovement } from "./feeds";
import { bookingIcs, bookingUid, renderCalendar, vtimezone, zoneOffsetMinutes } from "./ics";

/** The calendar's lines with RFC 5545 folding undone (a CRLF and one space continue a line). */
const unfold = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");
const prop = (ics: string, name: string) =>
  unfold(ics).filter((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));

const NOW = new Date("2026-11-26T01:00:00Z");
// 11:00 on 4 December and 17:00 on 6 December in Japan (UTC+9).
const START = new Date("2026-12-04T02:00:00Z");
const END = new Date("2026-12-06T08:00:00Z");

const booking = (over: Partial<Parameters<typeof bookingIcs>[0]> = {}) =>
  bookingIcs({
    siteId: "sakura",
    reserveNo: "261204-K7QM",
    sequence: 0,
    start: START,
    end: END,
    timeZone: "Asia/Tokyo",
    summary: "Rental car: Aqua — Naha Airport",
    description: "Your reservation with Sakura (reservation no. 261204-K7QM)",
    location: "Naha Airport 1-1-1 Omoromachi, Naha, Okinawa",
    now: NOW,
    ...over,
  });

describe("a booking's .ics", () => {
  it("is one event from departure to return on the store's wall clock, with its zone", () => {
    const { content, filename, contentType } = booking();
    expect(filename).toBe("reservation-261204-K7QM.ics");
    expect(contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    expect(content.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(content.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    expect(prop(content, "METHOD")).toEqual(["METHOD:PUBLISH"]);
    expect(prop(content, "DTSTART")).toContain("DTSTART;TZID=Asia/Tokyo:20261204T110000");
    expect(prop(content, "DTEND")).toEqual(["DTEND;TZID=Asia/Tokyo:20261206T170000"]);
    // DTSTAMP is UTC, whatever zone the events are in.
    expect(prop(content, "DTSTAMP")).toEqual(["DTSTAMP:20261126T010000Z"]);
    // The zone the TZID names is defined in the file (Outlook needs it).
    expect(unfold(content)).toEqual(expect.arrayContaining(["BEGIN:VTIMEZONE", "TZID:Asia/Tokyo", "TZOFFSETTO:+0900"]));
    expect(content.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(prop(content, "STATUS")).toEqual(["STATUS:CONFIRMED"]);
  });

  it("does not depend on the server's own time zone", () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = "America/Los_Angeles";
      expect(prop(booking().content, "DTSTART")).toContain("DTSTART;TZID=Asia/Tokyo:20261204T110000");
    } finally {
      process.env.TZ = before;
    }
  });

  it("keeps its UID across a change, with a higher SEQUENCE, and cancels under the same UID", () => {
    const first = booking();
    const changed = booking({ sequence: 1, end: new Date("2026-12-07T08:00:00Z") });
    const cancelled = booking({ sequence: 2, cancelled: true });
    const uid = `UID:${bookingUid("sakura", "261204-K7QM")}`;
    for (const file of [first, changed, cancelled]) expect(prop(file.content, "UID")).toEqual([uid]);
    expect(prop(first.content, "SEQUENCE")).toEqual(["SEQUENCE:0"]);
    expect(prop(changed.content, "SEQUENCE")).toEqual(["SEQUENCE:1"]);
    expect(prop(changed.content, "DTEND")).toEqual(["DTEND;TZID=Asia/Tokyo:20261207T170000"]);
    expect(prop(cancelled.content, "METHOD")).toEqual(["METHOD:CANCEL"]);
    expect(prop(cancelled.content, "STATUS")).toEqual(["STATUS:CANCELLED"]);
    expect(cancelled.contentType).toContain("method=CANCEL");
    // Another site's booking of the same number is another event.
    expect(bookingUid("momiji", "261204-K7QM")).not.toBe(bookingUid("sakura", "261204-K7QM"));
  });

  it("escapes commas, semicolons, backslashes and line breaks in text, and folds long lines", () => {
    const { content } = booking({
      summary: "Rental car: Aqua, 5 seats; \\ Naha",
      description: "Line one\nLine two, with; marks",
      location: "那覇空港店 〒901-0142 沖縄県那覇市鏡水150, ターミナル前".repeat(3),
    });
    expect(prop(content, "SUMMARY")).toEqual(["SUMMARY:Rental car: Aqua\\, 5 seats\\; \\\\ Naha"]);
    expect(prop(content, "DESCRIPTION")).toEqual(["DESCRIPTION:Line one\\nLine two\\, with\\; marks"]);
    // No raw line break inside a value, and no physical line longer than 75 octets.
    for (const line of content.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(content).not.toMatch(/[^\r]\n/);
    // A line break in a value written as it is cannot start a property of its own.
    const injected = booking({ url: "https://example.com/a\r\nATTENDEE:mailto:x@example.com" }).content;
    expect(prop(injected, "ATTENDEE")).toEqual([]);
    expect(prop(injected, "URL")).toEqual(["URL;VALUE=URI:https://example.com/aATTENDEE:mailto:x@example.com"]);
    // Folding never splits a character, and undone it gives the value back whole.
    expect(content).not.toContain("\uFFFD");
    expect(prop(content, "LOCATION")).toEqual([
      `LOCATION:${"那覇空港店 〒901-0142 沖縄県那覇市鏡水150\\, ターミナル前".repeat(3)}`,
    ]);
  });
});

describe("a feed's calendar", () => {
  it("carries its name and how often to refresh, with one zone definition per zone", () => {
    const content = renderCalendar({
      name: "Naha Airport, departures;\nreturns",
      now: NOW,
      ttlSeconds: 300,
      events: ["a", "b"].map((uid) => ({ uid, start: START, end: END, timeZone: "Asia/Tokyo", summary: uid })),
    });
    expect(prop(content, "X-WR-CALNAME")).toEqual(["X-WR-CALNAME:Naha Airport\\, departures\\; returns"]);
    expect(prop(content, "REFRESH-INTERVAL")).toEqual(["REFRESH-INTERVAL;VALUE=DURATION:PT5M"]);
    expect(prop(content, "X-PUBLISHED-TTL")).toEqual(["X-PUBLISHED-TTL:PT5M"]);
    expect(prop(content, "BEGIN")).toEqual([
      "BEGIN:VCALENDAR",
      "BEGIN:VTIMEZONE",
      "BEGIN:STANDARD",
      "BEGIN:VEVENT",
      "BEGIN:VEVENT",
    ]);
    expect(prop(content, "DTSTAMP")).toEqual(["DTSTAMP:20261126T010000Z", "DTSTAMP:20261126T010000Z"]);
  });
});

describe("a zone's definition", () => {
  it("has one observance for a zone without daylight saving", () => {
    const text = vtimezone("Asia/Seoul", START, END).join("\r\n");
    expect(text.match(/BEGIN:STANDARD/g)).toHaveLength(1);
    expect(text).not.toContain("DAYLIGHT");
    expect(text).toContain("TZOFFSETFROM:+0900\r\nTZOFFSETTO:+0900");
  });

  it("names each change of offset with the local time it happens at", () => {
    const text = vtimezone("Europe/Berlin", new Date("2026-01-10T00:00:00Z"), new Date("2026-12-01T00:00:00Z")).join(
      "\r\n",
    );
    // Summer time starts at 02:00 CET on 29 March and ends at 03:00 CEST on 25 October 2026.
    expect(text).toContain("BEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200");
    expect(text).toContain("BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100");
    expect(zoneOffsetMinutes(new Date("2026-07-01T00:00:00Z"), "Europe/Berlin")).toBe(120);
  });
});

describe("a store feed's events", () => {
  const movement: FeedMovement = {
    kind: "departure",
    at: START,
    reserveNo: "261204-K7QM",
    carTypeName: "アクア",
    carTypeNameEn: "Aqua",
    borrowerName: "山田, 花子; 様",
    registrationNumber: "沖縄 500 わ 12-34",
  };
  const ctx = {
    siteId: "sakura",
    timeZone: "Asia/Tokyo",
    origin: "https://booking.example.com",
    uidDomain: feedUidDomain("https://booking.example.com"),
    location: "那覇空港店",
  };

  it("take their UIDs' host from PUBLIC_ORIGIN, or a fixed name: never from where the feed was read", () => {
    expect(feedUidDomain("https://booking.example.com")).toBe("booking.example.com");
    expect(feedUidDomain(undefined)).toBe("feeds.reservations.rentacar");
    expect(feedUidDomain(null)).toBe(feedUidDomain(undefined));
    // Two links (as two Hosts would make them), one UID.
    const viaLocalhost = movementEvent(movement, {
      ...ctx,
      lang: "ja",
      origin: "http://localhost:3000",
      uidDomain: feedUidDomain(null),
    });
    const viaLoopback = movementEvent(movement, {
      ...ctx,
      lang: "ja",
      origin: "http://127.0.0.1:3000",
      uidDomain: feedUidDomain(null),
    });
    expect(viaLocalhost.url).not.toBe(viaLoopback.url);
    expect(viaLocalhost.uid).toBe(viaLoopback.uid);
    expect(viaLocalhost.uid).toBe("261204-K7QM-departure.sakura@feeds.reservations.rentacar");
  });

  it("are short events at the departure or return, with a stable UID and the back office's link", () => {
    const ja = movementEvent(movement, { ...ctx, lang: "ja" });
    expect(ja.uid).toBe("261204-K7QM-departure.sakura@booking.example.com");
    expect(ja.end.getTime() - ja.start.getTime()).toBe(30 * 60_000);
    expect(ja.summary).toBe("出発 261204-K7QM アクア 山田, 花子; 様 沖縄 500 わ 12-34");
    expect(ja.url).toBe("https://booking.example.com/admin/sakura/reservations/261204-K7QM");
    expect(ja.description).toContain("車両: 沖縄 500 わ 12-34");
    const en = movementEvent({ ...movement, kind: "return", registrationNumber: null }, { ...ctx, lang: "en" });
    expect(en.uid).toBe("261204-K7QM-return.sakura@booking.example.com");
    expect(en.summary).toBe("Return 261204-K7QM Aqua 山田, 花子; 様");
    expect(en.description).toContain("Car: not assigned");

    const text = renderCalendar({ name: "那覇空港店 出発・返却", now: NOW, events: [ja, en] });
    expect(prop(text, "SUMMARY")[0]).toBe("SUMMARY:出発 261204-K7QM アクア 山田\\, 花子\\; 様 沖縄 500 わ 12-34");
    expect(prop(text, "URL")[0]).toBe(
      "URL;VALUE=URI:https://booking.example.com/admin/sakura/reservations/261204-K7QM",
    );
  });
});
