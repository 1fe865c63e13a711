import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/**
 * iCalendar text (RFC 5545) for the stores' feeds and the customer's booking (issue 25, decision 035),
 * written by `ical-generator`. The words come from the caller, already in the reader's language:
 * this module only places instants in a time zone, escapes and folds.
 */

/** One event: an instant range shown in `timeZone` (DTSTART;TZID=…), with a UID that never changes. */
export interface IcsEvent {
  uid: string;
  /** Raised on every change the reader should take over (a changed booking). */
  sequence?: number;
  start: Date;
  end: Date;
  /** IANA zone of the store, e.g. Asia/Tokyo. */
  timeZone: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  cancelled?: boolean;
}

export interface IcsCalendar {
  /** The calendar's name in a subscriber's list (feeds); absent for a single booking. */
  name?: string;
  /** PUBLISH (default) for feeds and a booking's file; CANCEL for a cancelled booking's file. */
  method?: "PUBLISH" | "CANCEL";
  events: readonly IcsEvent[];
  /** DTSTAMP: when this text was made. */
  now: Date;
  /** REFRESH-INTERVAL / X-PUBLISHED-TTL in seconds (feeds). */
  ttlSeconds?: number;
}

const PRODID = { company: "rentacar", product: "booking", language: "EN" } as const;

// ---- wall-clock parts of an instant in a zone (Intl; Node 20 has no Temporal) ----

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter, made once per zone; throws a RangeError for a zone the runtime does not know. */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallParts(instant: Date, timeZone: string) {
  const f = formatterOf(timeZone);
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(instant)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return {
    year: p.year ?? 0,
    month: p.month ?? 1,
    day: p.day ?? 1,
    hour: p.hour ?? 0,
    minute: p.minute ?? 0,
    second: p.second ?? 0,
  };
}

/** Minutes the zone's clocks are ahead of UTC at an instant. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const p = wallParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** Whether the runtime knows the zone (a store's `time_zone` is free text in the database). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    // Making a formatter costs about half a millisecond: a known zone's is kept for its dates.
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");
const stamp = (p: ReturnType<typeof wallParts>) =>
  `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;

/**
 * ical-generator writes a plain `Date` with a TZID in the *process's* zone (getHours), which is
 * wrong on any server not set to the store's zone. It reads the documented Temporal stubs
 * correctly, so an instant is handed over as a ZonedDateTime-shaped value computed with Intl.
 */
function zoned(instant: Date, timeZone: string) {
  const p = wallParts(instant, timeZone);
  const text = stamp(p);
  const plain = {
    ...p,
    toJSON: () => text,
    toString: () => text,
    toPlainDate: () => ({ year: p.year, month: p.month, day: p.day, toJSON: () => text, toString: () => text }),
    toZonedDateTime: () => zonedValue,
  };
  const zonedValue = {
    ...p,
    timeZoneId: timeZone,
    toJSON: () => text,
    toString: () => text,
    toPlainDateTime: () => plain,
    withTimeZone: (zone: string) => (zone === timeZone ? zonedValue : zoned(instant, zone)),
    toInstant: () => ({
      epochMilliseconds: instant.getTime(),
      toJSON: () => instant.toISOString(),
      toString: () => instant.toISOString(),
      toZonedDateTimeISO: (zone: string) => zoned(instant, zone),
    }),
  };
  return zonedValue;
}

const utcOffset = (minutes: number) =>
  `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

/** The instants within [from, to] where the zone's offset changes (daily steps, then to the minute). */
function transitions(timeZone: string, from: Date, to: Date): { at: Date; before: number; after: number }[] {
  const found: { at: Date; before: number; after: number }[] = [];
  const DAY = 86_400_000;
  let t = from.getTime();
  let offset = zoneOffsetMinutes(from, timeZone);
  while (t < to.getTime()) {
    const next = Math.min(t + DAY, to.getTime());
    const nextOffset = zoneOffsetMinutes(new Date(next), timeZone);
    if (nextOffset !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (zoneOffsetMinutes(new Date(mid), timeZone) === offset) lo = mid;
        else hi = mid;
      }
      found.push({ at: new Date(hi), before: offset, after: nextOffset });
      offset = nextOffset;
    }
    t = next;
  }
  return found;
}

/**
 * A VTIMEZONE for the zone over the events' span, from the runtime's zone data: one observance
 * from the span's start, then one per change of offset (explicit DTSTARTs, no RRULE), so the
 * file is correct without a time-zone library. Outlook needs it; Google and Apple read TZID alone.
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string {
  const start = new Date(from.getTime() - 86_400_000);
  const changes = transitions(timeZone, start, to);
  const first = zoneOffsetMinutes(start, timeZone);
  const offsets = [first, ...changes.map((c) => c.after)];
  const standard = Math.min(...offsets);
  const observance = (at: Date, before: number, after: number) => {
    const kind = after > standard ? "DAYLIGHT" : "STANDARD";
    // DTSTART of an observance is the local time before the change (RFC 5545 §3.6.5).
    const local = stamp(wallParts(new Date(at.getTime() + before * 60_000), "UTC"));
    return [
      `BEGIN:${kind}`,
      `DTSTART:${local}`,
      `TZOFFSETFROM:${utcOffset(before)}`,
      `TZOFFSETTO:${utcOffset(after)}`,
      `END:${kind}`,
    ];
  };
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${timeZone}`,
    ...observance(start, first, first),
    ...changes.flatMap((c) => observance(c.at, c.before, c.after)),
    "END:VTIMEZONE",
  ].join("\r\n");
}

/** Text for a property ical-generator writes as given (NAME): one line, TEXT escapes. */
const escapeText = (value: string) =>
  value
    .replace(/[\r\n]+/g, " ")
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .trim();

/** The calendar as iCalendar text (CRLF lines folded at 75 octets). */
export function renderCalendar(input: IcsCalendar): string {
  const span = input.events.length
    ? {
        from: new Date(Math.min(...input.events.map((e) => e.start.getTime()))),
        to: new Date(Math.max(...input.events.map((e) => e.end.getTime()))),
      }
    : { from: input.now, to: input.now };
  const calendar = ical({
    prodId: PRODID,
    method: input.method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone name: ical-generator would then write DTSTAMP in local time without Z.
    timezone: { name: null, generator: (zone) => vtimezone(zone, span.from, span.to) },
    ...(input.name ? { name: escapeText(input.name) } : {}),
    ...(input.ttlSeconds ? { ttl: input.ttlSeconds } : {}),
  });
  for (const e of input.events) {
    calendar.createEvent({
      id: e.uid,
      sequence: e.sequence ?? 0,
      stamp: input.now,
      start: zoned(e.start, e.timeZone),
      end: zoned(e.end, e.timeZone),
      timezone: e.timeZone,
      summary: e.summary,
      description: e.description ?? null,
      location: e.location ? { title: e.location } : null,
      url: e.url ?? null,
      status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** The `.ics` a booking's mail carries: one event from departure to return. */
export interface BookingIcsInput {
  /** Site and reservation number: a reservation number is unique per site only. */
  siteId: string;
  reserveNo: string;
  /** The booking's revision: a change raises it, so a calendar replaces the event it holds. */
  sequence: number;
  start: Date;
  end: Date;
  timeZone: string;
  summary: string;
  description: string;
  location?: string;
  url?: string;
  cancelled?: boolean;
  now: Date;
}

/**
 * The UID of a booking's event in the customer's calendar: the same in every mail about it. Its right
 * side is a fixed name, not the public host: change and cancellation mails are composed without the
 * request, and a UID that changed with PUBLIC_ORIGIN would leave a second event in the calendar.
 */
export const bookingUid = (siteId: string, reserveNo: string) => `${reserveNo}.${siteId}@reservations.rentacar`;

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";

export function bookingIcs(input: BookingIcsInput): { filename: string; contentType: string; content: string } {
  const method = input.cancelled ? "CANCEL" : "PUBLISH";
  const content = renderCalendar({
    method,
    now: input.now,
    events: [
      {
        uid: bookingUid(input.siteId, input.reserveNo),
        sequence: input.sequence,
        start: input.start,
        end: input.end,
        timeZone: input.timeZone,
        summary: input.summary,
        description: input.description,
        location: input.location,
        url: input.url,
        cancelled: input.cancelled,
      },
    ],
  });
  return {
    filename: `reservation-${input.reserveNo.replace(/[^A-Za-z0-9-]/g, "")}.ics`,
    contentType: `${ICS_CONTENT_TYPE}; method=${method}`,
    content,
  };
}
