/**
 * The stores' calendar feeds (issue 25, decision 035): their URL and the few words a feed carries.
 * Here rather than in the admin catalogues because the feed is answered by the HTTP layer in server/,
 * which may not import app/ (decision 010). Japanese by default, English with `?lang=en`.
 */

export const CALENDAR_FEED_LANGS = ["ja", "en"] as const;
export type CalendarFeedLang = (typeof CALENDAR_FEED_LANGS)[number];

/** `/calendar/{siteId}/{token}.ics`: the token is the secret, so the whole URL is. */
export const calendarFeedPath = (siteId: string, token: string) => `/calendar/${siteId}/${token}.ics`;

export const parseCalendarFeedLang = (value: string | null | undefined): CalendarFeedLang =>
  value === "en" ? "en" : "ja";

export interface CalendarFeedLabels {
  /** The calendar's name; `{store}` is the store's name. */
  calendarName: string;
  departure: string;
  return: string;
  reserveNo: string;
  carType: string;
  borrower: string;
  car: string;
  notAssigned: string;
  page: string;
}

export const CALENDAR_FEED_LABELS: Record<CalendarFeedLang, CalendarFeedLabels> = {
  ja: {
    calendarName: "{store} 出発・返却",
    departure: "出発",
    return: "返却",
    reserveNo: "予約番号",
    carType: "車種",
    borrower: "お客様",
    car: "車両",
    notAssigned: "未割当",
    page: "管理画面",
  },
  en: {
    calendarName: "{store} departures and returns",
    departure: "Departure",
    return: "Return",
    reserveNo: "Reservation no.",
    carType: "Car type",
    borrower: "Customer",
    car: "Car",
    notAssigned: "not assigned",
    page: "Back office",
  },
};
