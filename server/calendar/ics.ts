/**
 * iCalendar text (RFC 5545) for the stores' feeds and the customer's booking (issue 25, decision 035).
 * The words come from the caller, already in the reader's language: this module only places
 * instants in a time zone, escapes and folds. Written here rather than by a library: the few
 * properties we use are plain lines, and a library cost a booking half a millisecond per mail.
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

const PRODID = "-//rentacar//booking//EN";

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
 * A VTIMEZONE's lines for the zone over the events' span, from the runtime's zone data: one observance
 * from the span's start, then one per change of offset (explicit DTSTARTs, no RRULE), so the
 * file is correct without a time-zone library. Outlook needs it; Google and Apple read TZID alone.
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string[] {
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
  ];
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
const text = (value: string) =>
  value
    .replace(/\r\n?/g, "\n")
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, "\\n");

/** A value written as it is (a UID, a URI, a zone's name): no line break can start a property of its own. */
const raw = (value: string) => value.replace(/[\r\n]+/g, "");

/** A one-line TEXT value (a calendar's name): line breaks become spaces. */
const oneLine = (value: string) => text(value.replace(/[\r\n]+/g, " ").trim());

/** Lines of more than 75 octets go on in lines that start with a space, never inside a character (§3.1). */
function fold(line: string): string {
  if (Buffer.byteLength(line, "utf8") <= 75) return line;
  const parts: string[] = [];
  let part = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(part);
      part = "";
      octets = 0;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join("\r\n ");
}

/** A DURATION in whole seconds, e.g. PT5M (§3.3.6). */
function duration(seconds: number): string {
  const units: [number, string][] = [
    [3600, "H"],
    [60, "M"],
    [1, "S"],
  ];
  const days = Math.floor(seconds / 86_400);
  let rest = seconds % 86_400;
  let time = "";
  for (const [size, unit] of units) {
    if (rest >= size) time += `${Math.floor(rest / size)}${unit}`;
    rest %= size;
  }
  return `P${days ? `${days}D` : ""}${time ? `T${time}` : ""}` || "PT0S";
}

const utcStamp = (instant: Date) => `${stamp(wallParts(instant, "UTC"))}Z`;

function eventLines(e: IcsEvent, now: Date): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${raw(e.uid)}`,
    `SEQUENCE:${e.sequence ?? 0}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${raw(e.timeZone)}:${stamp(wallParts(e.start, e.timeZone))}`,
    `DTEND;TZID=${raw(e.timeZone)}:${stamp(wallParts(e.end, e.timeZone))}`,
    `SUMMARY:${text(e.summary)}`,
    ...(e.location ? [`LOCATION:${text(e.location)}`] : []),
    ...(e.description ? [`DESCRIPTION:${text(e.description)}`] : []),
    ...(e.url ? [`URL;VALUE=URI:${raw(e.url)}`] : []),
    `STATUS:${e.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
  ];
}

/** The calendar as iCalendar text (CRLF lines folded at 75 octets). */
export function renderCalendar(input: IcsCalendar): string {
  const span = input.events.length
    ? {
        from: new Date(Math.min(...input.events.map((e) => e.start.getTime()))),
        to: new Date(Math.max(...input.events.map((e) => e.end.getTime()))),
      }
    : { from: input.now, to: input.now };
  const zones = [...new Set(input.events.map((e) => e.timeZone))];
  const ttl = input.ttlSeconds ? duration(input.ttlSeconds) : null;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    `METHOD:${input.method ?? "PUBLISH"}`,
    ...(input.name ? [`NAME:${oneLine(input.name)}`, `X-WR-CALNAME:${oneLine(input.name)}`] : []),
    ...zones.flatMap((zone) => vtimezone(zone, span.from, span.to)),
    ...(ttl ? [`REFRESH-INTERVAL;VALUE=DURATION:${ttl}`, `X-PUBLISHED-TTL:${ttl}`] : []),
    ...input.events.flatMap((e) => eventLines(e, input.now)),
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n");
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
