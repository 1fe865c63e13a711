import { adminPath } from "#common/admin";
import { DEFAULT_TIME_ZONE } from "#common/calendar-date";
import { CALENDAR_FEED_LABELS, type CalendarFeedLang, parseCalendarFeedLang } from "#common/calendar-feed";
import type { DbHandle } from "#server/db/client";
import { type FeedMovement, storeMovements, storeOfFeedToken } from "./feeds";
import { type IcsEvent, isKnownTimeZone, renderCalendar } from "./ics";

/**
 * `GET /calendar/{siteId}/{token}.ics` (mounted in server/http/app.ts before React Router): a store's
 * departures and returns as iCalendar for the calendar apps staff subscribe with (decision 035).
 * Anything that does not name a live feed of that site — a bad site id or token, a revoked token,
 * another site's token — is the same plain 404, so the answer tells nothing about what exists.
 */

const SITE_ID = /^[a-z0-9][a-z0-9_-]{1,62}$/;
const FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** How long a departure or return event lasts in the calendar: a slot at the counter. */
const MOVEMENT_MINUTES = 30;
/** Calendar apps poll; five minutes matches the response's Cache-Control. */
const FEED_TTL_SECONDS = 300;

export function notFound(): Response {
  return new Response("Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export interface FeedRequest {
  /** `?lang=`: `en` for English, anything else Japanese. */
  lang?: string | null;
  /** The origin of the back-office links: PUBLIC_ORIGIN, else the request's. */
  origin: string;
  /**
   * PUBLIC_ORIGIN when configured: the UIDs' host. Never the request's Host: a feed read once as
   * `localhost` and once as `127.0.0.1` (or behind a new proxy name) must keep its events' UIDs, or
   * a calendar shows every booking twice.
   */
  publicOrigin?: string | null;
  now?: Date;
}

/** Where UIDs live when no PUBLIC_ORIGIN is configured: a fixed name, like the booking mails' UIDs. */
export const FEED_UID_DOMAIN = "feeds.reservations.rentacar";

/** The right side of every feed UID: PUBLIC_ORIGIN's host, or the fixed name. */
export const feedUidDomain = (publicOrigin?: string | null) =>
  publicOrigin && URL.canParse(publicOrigin) ? new URL(publicOrigin).hostname : FEED_UID_DOMAIN;

/**
 * The feed's answer. Its queries run scoped to `siteId` (row-level security, decision 022), once
 * the id is known to be well formed; `file` is the path's last segment as sent (`{token}.ics`).
 */
export async function calendarFeedResponse(
  database: Pick<DbHandle, "forSite">,
  siteId: string,
  file: string,
  request: FeedRequest,
): Promise<Response> {
  if (!SITE_ID.test(siteId)) return notFound();
  const token = FILE.exec(file)?.[1];
  if (!token) return notFound();
  const db = database.forSite(siteId);
  const store = await storeOfFeedToken(db, siteId, token);
  if (!store) return notFound();
  const now = request.now ?? new Date();
  const lang = parseCalendarFeedLang(request.lang);
  const movements = await storeMovements(db, siteId, store.storeId, now);
  // A zone the runtime does not know would throw in Intl: the site's default rather than a 500.
  const timeZone = isKnownTimeZone(store.timeZone) ? store.timeZone : DEFAULT_TIME_ZONE;
  const storeName = (lang === "en" && store.storeNameEn) || store.storeName;
  const labels = CALENDAR_FEED_LABELS[lang];
  const body = renderCalendar({
    name: labels.calendarName.replace("{store}", storeName),
    now,
    ttlSeconds: FEED_TTL_SECONDS,
    events: movements.map((m) =>
      movementEvent(m, {
        siteId,
        timeZone,
        lang,
        origin: request.origin,
        uidDomain: feedUidDomain(request.publicOrigin),
        location: storeName,
      }),
    ),
  });
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "Content-Disposition": `inline; filename="store-${store.storeId}.ics"`,
      // The URL is a secret: never sent on as a referrer, never indexed.
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}

/** One departure or return: a short event at its time, with what the counter needs to prepare. */
export function movementEvent(
  m: FeedMovement,
  ctx: {
    siteId: string;
    timeZone: string;
    lang: CalendarFeedLang;
    origin: string;
    uidDomain: string;
    location: string;
  },
): IcsEvent {
  const labels = CALENDAR_FEED_LABELS[ctx.lang];
  const carType = (ctx.lang === "en" && m.carTypeNameEn) || m.carTypeName;
  const url = `${ctx.origin}${adminPath(ctx.siteId, `/reservations/${encodeURIComponent(m.reserveNo)}`)}`;
  const label = m.kind === "departure" ? labels.departure : labels.return;
  return {
    // Stable across refreshes and hosts, and distinct per site: a reservation number is unique per site only.
    uid: `${m.reserveNo}-${m.kind}.${ctx.siteId}@${ctx.uidDomain}`,
    start: m.at,
    end: new Date(m.at.getTime() + MOVEMENT_MINUTES * 60_000),
    timeZone: ctx.timeZone,
    summary: [label, m.reserveNo, carType, m.borrowerName, m.registrationNumber].filter(Boolean).join(" "),
    description: [
      `${labels.reserveNo}: ${m.reserveNo}`,
      `${labels.carType}: ${carType}`,
      `${labels.borrower}: ${m.borrowerName}`,
      `${labels.car}: ${m.registrationNumber ?? labels.notAssigned}`,
      `${labels.page}: ${url}`,
    ].join("\n"),
    location: ctx.location,
    url,
  };
}
