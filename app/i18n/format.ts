/** Dates are shown YYYY/MM/DD and times HH:mm (spec §5), in the store's time zone. */
const partsCache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    partsCache.set(timeZone, f);
  }
  return f;
}

function parts(date: Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
}

export function formatDate(date: Date, timeZone = "Asia/Tokyo"): string {
  const p = parts(date, timeZone);
  return `${p.year}/${p.month}/${p.day}`;
}

export function formatTime(date: Date, timeZone = "Asia/Tokyo"): string {
  const p = parts(date, timeZone);
  return `${p.hour}:${p.minute}`;
}

export function formatDateTime(date: Date, timeZone = "Asia/Tokyo"): string {
  return `${formatDate(date, timeZone)} ${formatTime(date, timeZone)}`;
}

/** An ISO calendar date (`2026-11-22`) as `2026/11/22`. */
export function formatIsoDate(isoDate: string): string {
  return isoDate.replaceAll("-", "/");
}

/** Thousands separators for yen amounts; the currency word comes from the catalogue (`price.amount`). */
export function formatAmount(yen: number): string {
  return yen.toLocaleString("en-US");
}
