import type { ReservationPerson } from "#server/db/schema";

/**
 * What makes the demo's bookings and cars look like a real company's (issue 41): plates in the
 * Japanese form, reservation numbers in the form the product gives new bookings, and renters.
 * Everything is derived from a counter, so a seed is the same every time it runs.
 */

const DAY_MS = 86_400_000;
const JST_OFFSET_MS = 9 * 3_600_000;

/** `YYYY-MM-DD` of the day `offset` days after `today`, in Japan time. */
export function isoDay(today: Date, offset: number): string {
  return new Date(today.getTime() + JST_OFFSET_MS + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The instant of `time` (`HH:mm`, Japan time) on the day `offset` days after `today`. */
export function jstAt(today: Date, offset: number, time: string): Date {
  return new Date(`${isoDay(today, offset)}T${time}:00+09:00`);
}

/** The letters of a reservation number, as `newReserveNo` (server/reservations/submit.ts) uses them. */
const NO_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const TAILS = NO_ALPHABET.length ** 4;

/**
 * The reservation number of the site's `n`th demo booking, taken on `bookedOn` (`YYYY-MM-DD`):
 * `YYMMDD-XXXX`. The tail is `n` scattered by an odd multiplier, so different `n` never share one.
 */
export function demoReserveNo(n: number, bookedOn: string): string {
  let rest = (n * 40_503 + 7_919) % TAILS;
  let tail = "";
  for (let i = 0; i < 4; i++) {
    tail = NO_ALPHABET[rest % NO_ALPHABET.length] + tail;
    rest = Math.floor(rest / NO_ALPHABET.length);
  }
  return `${bookedOn.replaceAll("-", "").slice(2)}-${tail}`;
}

/** The pattern of a reservation number (the e2e tests check the same one). */
export const RESERVE_NO_PATTERN = /^\d{6}-[2-9A-HJ-NP-Z]{4}$/;

/** Where a site's cars are registered (the plate's first word). */
const PLATE_REGION: Record<string, string> = { sakura: "沖縄", kaede: "京都", fuji: "富士山", hana: "函館" };

/**
 * A rental car's plate (わ marks a rental): `沖縄 500 わ 12-34`. Kei cars are 580, compacts 500,
 * larger cars 300; the serial is unique within the site.
 */
export function demoPlate(siteId: string, cc: number | null, serial: number): string {
  const region = PLATE_REGION[siteId] ?? "品川";
  const kind = cc !== null && cc <= 660 ? "580" : cc !== null && cc > 2000 ? "300" : "500";
  const digits = String(1_000 + ((serial * 2_657 + 1_234) % 9_000));
  return `${region} ${kind} わ ${digits.slice(0, 2)}-${digits.slice(2)}`;
}

/** The Japanese plate form, for the seed's test. */
export const PLATE_PATTERN = /^\S+ \d{3} わ \d{2}-\d{2}$/;

const RENTERS: [name: string, kana: string, locale: string][] = [
  ["佐藤 健一", "サトウ ケンイチ", "ja"],
  ["鈴木 美香", "スズキ ミカ", "ja"],
  ["高橋 翔太", "タカハシ ショウタ", "ja"],
  ["田中 由美", "タナカ ユミ", "ja"],
  ["伊藤 大輔", "イトウ ダイスケ", "ja"],
  ["渡辺 さくら", "ワタナベ サクラ", "ja"],
  ["Emily Clark", "", "en"],
  ["中村 拓也", "ナカムラ タクヤ", "ja"],
  ["小林 真由", "コバヤシ マユ", "ja"],
  ["김 민준", "", "ko"],
  ["加藤 隆", "カトウ タカシ", "ja"],
  ["吉田 恵", "ヨシダ メグミ", "ja"],
  ["陳 怡君", "", "zh-TW"],
  ["山本 和也", "ヤマモト カズヤ", "ja"],
  ["松本 彩", "マツモト アヤ", "ja"],
  ["井上 誠", "イノウエ マコト", "ja"],
  ["Daniel Wright", "", "en"],
  ["木村 千尋", "キムラ チヒロ", "ja"],
  ["林 直樹", "ハヤシ ナオキ", "ja"],
  ["清水 葵", "シミズ アオイ", "ja"],
];

/** The `n`th demo renter, who also drives; a site in Japanese only books in Japanese. */
export function demoRenter(n: number, japaneseOnly: boolean): { person: ReservationPerson; locale: string } {
  const pool = japaneseOnly ? RENTERS.filter(([, , l]) => l === "ja") : RENTERS;
  const [name, kana, locale] = pool[n % pool.length] as (typeof RENTERS)[number];
  const tel = `090-${String(1_000 + ((n * 37) % 9_000)).padStart(4, "0")}-${String(1_000 + ((n * 7_919) % 9_000))}`;
  return {
    person: {
      userType: 1,
      name,
      kana,
      email: `guest${n}@example.com`,
      tel,
      licenseNumber: String(300_000_000_000 + n * 104_729),
    },
    locale,
  };
}
