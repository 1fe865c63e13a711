import type { CatalogueInput } from "./catalogue-factory";
import { livenCatalogue } from "./demo-bookings";
import { demoReserveNo, isoDay, jstAt } from "./demo-records";
import { type L2, type L4, ml, type Text } from "./ml-text";

/**
 * Catalogues of the demo sites: car classes and types, vehicles, options, immunity fees, fee plans,
 * store holidays and existing reservations. Dates are computed from `today` in Japan time so that
 * the availability calendar always has fully booked (×) and nearly booked (△) days ahead.
 * Texts are written in every language the site supports; other variants stay unset.
 */

// ---------------------------------------------------------------------------------------------
// Texts and dates
// ---------------------------------------------------------------------------------------------

type MlKey = "className" | "typeName" | "modelNames" | "notes" | "optionName";

export { isoDay, jstAt };

/** Regular closing days of a store: weekdays (0 Sunday) and days of the month. */
interface Closed {
  weekdays?: number[];
  monthDays?: number[];
}

/** The first day at or after `offset` on which a store with these closing days is open. */
function openDay(today: Date, offset: number, closed: Closed): number {
  for (let d = offset; ; d++) {
    const day = new Date(`${isoDay(today, d)}T00:00:00Z`);
    if (closed.weekdays?.includes(day.getUTCDay())) continue;
    if (closed.monthDays?.includes(day.getUTCDate())) continue;
    return d;
  }
}

/** The two demo high-season weeks, as day offsets from today (inclusive). */
const HIGH_SEASON_WEEKS: [number, number][] = [
  [20, 26],
  [55, 61],
];

/**
 * ISO dates of two separate high-season weeks within the next 90 days (days 20–26 and 55–61
 * from today, in Japan time), for the stores' `highSeasonDates`.
 */
export function demoHighSeasonDates(today: Date): string[] {
  return HIGH_SEASON_WEEKS.flatMap(([from, to]) =>
    Array.from({ length: to - from + 1 }, (_, i) => isoDay(today, from + i)),
  );
}

// ---------------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------------

type ClassRow = CatalogueInput["classes"][number];
type TypeRow = CatalogueInput["carTypes"][number];
type VehicleRow = CatalogueInput["vehicles"][number];
type OptionRow = NonNullable<CatalogueInput["options"]>[number];
type FeePlanRow = NonNullable<CatalogueInput["feePlans"]>[number];
type ReservationRow = NonNullable<CatalogueInput["reservations"]>[number];

function carClass(key: string, name: Text, displayOrder: number): ClassRow {
  return { key, ...ml("className", name), displayOrder };
}

interface TypeSpec {
  key: string;
  classKey: string;
  name: Text;
  models: Text;
  notes: Text;
  capacity: number;
  /** Engine displacement; null for an electric car. */
  cc: number | null;
  doors: number;
  /** 1 regular, 2 high-octane, 3 diesel, 4 electricity, 5 LP gas. */
  fuel: 1 | 2 | 3 | 4 | 5;
  manual?: boolean;
  smoking?: boolean;
  navigation?: boolean;
  etc?: boolean;
  fourWd?: boolean;
  /** Illustration under /demo/cars; defaults to the type key. */
  image?: string;
}

/**
 * A fuel tank typical of the engine (litres, for the refuelling a return charges): kei cars 27,
 * compacts 36, 2-litre sedans and minivans 45, larger minivans 60, vans 70. An electric car has
 * none; the column's default stands for it.
 */
function tankOf(s: TypeSpec): number {
  if (s.cc === null) return 40;
  if (s.cc <= 660) return 27;
  if (s.cc <= 1500) return 36;
  if (s.cc <= 2000) return 45;
  if (s.cc <= 2500) return 60;
  return 70;
}

/** Car types in recommendation order. */
function carTypes(specs: TypeSpec[]): TypeRow[] {
  return specs.map((s, i) => ({
    key: s.key,
    classKey: s.classKey,
    ...ml("typeName", s.name),
    ...ml("modelNames", s.models),
    ...ml("notes", s.notes),
    capacity: s.capacity,
    tankLitres: tankOf(s),
    displacementCc: s.cc,
    doors: s.doors,
    fuel: s.fuel,
    transmission: s.manual ? 2 : 1,
    smoking: s.smoking ? 2 : 1,
    hasNavigation: s.navigation ?? true,
    hasEtc: s.etc ?? true,
    isFourWd: s.fourWd ?? false,
    imagePaths: [`/demo/cars/${s.image ?? s.key}.svg`],
    displayOrder: i + 1,
  }));
}

/** Options in display order. */
function options(
  list: (Omit<OptionRow, "displayOrder" | MlKey | `${MlKey}${string}`> & { name: Text })[],
): OptionRow[] {
  return list.map(({ name, ...o }, i) => ({ ...ml("optionName", name), ...o, displayOrder: i + 1 }));
}

/** Number of vehicles of a type at a store that are in service. */
function inService(vehicles: VehicleRow[], store: number, typeKey: string): number {
  return vehicles
    .filter((v) => v.store === store && v.typeKey === typeKey)
    .reduce((n, v) => n + v.count - (v.outOfService ?? 0), 0);
}

/** Base rates of a class, tax included: hourly tiers plus an extra hour and an extra day. */
export interface Rates {
  h3: number;
  h6: number;
  h12: number;
  h24: number;
  extraHour: number;
  extraDay: number;
}

/** Rounds to 10 yen; monotonic, so ordered tiers stay ordered. */
const yen = (n: number) => Math.round(n / 10) * 10;

interface PlanOf {
  store: number;
  classKey: string;
  effectiveFrom: string;
  /** Multiplier on the base rates (store level, high season). */
  factor: number;
  isHighSeason?: boolean;
}

/** Hours mode (1): up to 3/6/12/24 hours, then per extra hour or day. */
function hoursPlan(p: PlanOf, r: Rates): FeePlanRow {
  const f = (n: number) => yen(n * p.factor);
  return {
    store: p.store,
    classKey: p.classKey,
    mode: 1,
    effectiveFrom: p.effectiveFrom,
    isHighSeason: p.isHighSeason ?? false,
    upTo3h: f(r.h3),
    upTo6h: f(r.h6),
    upTo12h: f(r.h12),
    upTo24h: f(r.h24),
    extraHour: f(r.extraHour),
    extraDay: f(r.extraDay),
  };
}

/**
 * Nights mode (2): same day, 1–7 nights, 14 nights and a month, plus an extra day. Each extra
 * night costs 90% of the base extra day, the second week 75% and the rest of the month 50%.
 */
function nightsPlan(p: PlanOf, r: Rates): FeePlanRow {
  const perNight = r.extraDay * 0.9;
  const oneNight = r.h24 + r.extraDay * 0.4;
  const week = oneNight + 6 * perNight;
  const twoWeeks = week + 7 * r.extraDay * 0.75;
  const f = (n: number) => yen(n * p.factor);
  const nights = (n: number) => f(oneNight + (n - 1) * perNight);
  return {
    store: p.store,
    classKey: p.classKey,
    mode: 2,
    effectiveFrom: p.effectiveFrom,
    isHighSeason: p.isHighSeason ?? false,
    sameDay: f(r.h12),
    nights1: nights(1),
    nights2: nights(2),
    nights3: nights(3),
    nights4: nights(4),
    nights5: nights(5),
    nights6: nights(6),
    nights7: nights(7),
    nights14: f(twoWeeks),
    month: f(twoWeeks + 16 * r.extraDay * 0.5),
    extraDay: f(perNight),
  };
}

/**
 * Collects reservations, numbered as the product numbers new bookings (`261122-K7QM`): the day it
 * was booked, a few days to weeks before its start, and four letters from the site's counter.
 */
class ReservationBook {
  readonly rows: ReservationRow[] = [];
  private seq: number;

  constructor(
    private readonly today: Date,
    firstSeq: number,
  ) {
    this.seq = firstSeq;
  }

  /** A reservation from day `from[0]` at `from[1]` to day `to[0]` at `to[1]` (offsets from today, JST). */
  add(store: number, typeKey: string, from: [number, string], to: [number, string], isCancelled = false): void {
    const lead = 3 + ((this.seq * 13) % 40);
    const reserveNo = demoReserveNo(this.seq++, isoDay(this.today, Math.min(0, from[0] - lead)));
    this.rows.push({
      store,
      typeKey,
      reserveNo,
      startAt: jstAt(this.today, from[0], from[1]),
      endAt: jstAt(this.today, to[0], to[1]),
      ...(isCancelled ? { isCancelled: true } : {}),
    });
  }

  /** `count` reservations of the same period, with pick-up and return times varied a little. */
  addMany(store: number, typeKey: string, count: number, fromDay: number, toDay: number): void {
    const starts = ["09:00", "10:00", "08:30", "09:30", "10:00", "08:00"];
    const ends = ["18:00", "19:00", "18:30", "20:00", "18:00", "19:30"];
    for (let i = 0; i < count; i++) {
      this.add(store, typeKey, [fromDay, starts[i % starts.length]!], [toDay, ends[i % ends.length]!]);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Base rates (tax included), shared by the sites with a per-site factor
// ---------------------------------------------------------------------------------------------

const RATES = {
  kei: { h3: 3_300, h6: 4_400, h12: 5_500, h24: 6_600, extraHour: 1_100, extraDay: 5_500 },
  compact: { h3: 4_400, h6: 5_500, h12: 6_600, h24: 7_700, extraHour: 1_100, extraDay: 6_600 },
  sedan: { h3: 7_700, h6: 8_800, h12: 9_900, h24: 12_100, extraHour: 1_650, extraDay: 9_900 },
  minivan: { h3: 8_800, h6: 9_900, h12: 11_000, h24: 13_200, extraHour: 1_650, extraDay: 11_000 },
  suv: { h3: 9_900, h6: 11_000, h12: 13_200, h24: 15_400, extraHour: 2_200, extraDay: 12_100 },
  wagon8: { h3: 12_100, h6: 13_200, h12: 15_400, h24: 18_700, extraHour: 2_200, extraDay: 15_400 },
  suv7: { h3: 11_000, h6: 12_100, h12: 14_300, h24: 16_500, extraHour: 2_200, extraDay: 13_200 },
} satisfies Record<string, Rates>;

/** A demo site's catalogue, its bookings given renters, prices, cars and meters (demo-bookings.ts). */
export function demoCatalogue(siteId: string, today: Date): CatalogueInput | undefined {
  const bare = bareCatalogue(siteId, today);
  return bare && livenCatalogue(siteId, today, bare, (classKey) => RATES[classKey as keyof typeof RATES]);
}

function bareCatalogue(siteId: string, today: Date): CatalogueInput | undefined {
  switch (siteId) {
    case "sakura":
      return sakura(today);
    case "kaede":
      return kaede(today);
    case "fuji":
      return fuji(today);
    case "hana":
      return hana(today);
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// sakura: Okinawa, four languages. Stores: 0 Naha Airport, 1 Naha City (closed Wednesdays),
// 2 Ishigaki (closed on the 15th).
// ---------------------------------------------------------------------------------------------

const SAKURA_CLASSES: [string, L4][] = [
  ["kei", { jp: "軽自動車", en: "Kei car", tw: "輕型車", kr: "경차" }],
  ["compact", { jp: "コンパクトカー", en: "Compact", tw: "小型車", kr: "소형차" }],
  ["sedan", { jp: "セダン", en: "Sedan", tw: "轎車", kr: "세단" }],
  ["minivan", { jp: "ミニバン", en: "Minivan", tw: "小型MPV", kr: "미니밴" }],
  ["suv", { jp: "SUV・4WD", en: "SUV / 4WD", tw: "SUV・四輪驅動", kr: "SUV·4WD" }],
  ["wagon8", { jp: "8人乗りワゴン", en: "8-seat wagon", tw: "8人座MPV", kr: "8인승 왜건" }],
];

const SAKURA_TYPES: TypeSpec[] = [
  {
    key: "aqua",
    classKey: "compact",
    name: { jp: "コンパクト ハイブリッド", en: "Compact hybrid", tw: "小型油電混合車", kr: "소형 하이브리드" },
    models: {
      jp: "トヨタ アクア・ヤリス または同等クラス",
      en: "Toyota Aqua, Yaris or similar",
      tw: "Toyota Aqua、Yaris或同級車款",
      kr: "도요타 아쿠아·야리스 또는 동급 차량",
    },
    notes: {
      jp: "燃費が良く小回りの利くハイブリッド車です。那覇市内の観光から本島一周ドライブまで、いちばん人気のクラスです。",
      en: "A fuel-efficient hybrid that is easy to park. Our most popular class, from sightseeing in Naha to a drive around the whole island.",
      tw: "省油又好操控的油電混合車，從那霸市區觀光到環島自駕都適合，是本公司最受歡迎的車型。",
      kr: "연비가 좋고 회전 반경이 작은 하이브리드 차량입니다. 나하 시내 관광부터 본섬 일주 드라이브까지 가장 인기 있는 등급입니다.",
    },
    capacity: 5,
    cc: 1_490,
    doors: 5,
    fuel: 1,
  },
  {
    key: "nbox",
    classKey: "kei",
    name: { jp: "軽自動車（トールワゴン）", en: "Kei car (tall wagon)", tw: "輕型車（高頂車款）", kr: "경차(톨 왜건)" },
    models: {
      jp: "ホンダ N-BOX・ダイハツ タント または同等クラス",
      en: "Honda N-BOX, Daihatsu Tanto or similar",
      tw: "Honda N-BOX、Daihatsu Tanto或同級車款",
      kr: "혼다 N-BOX·다이하쓰 탄토 또는 동급 차량",
    },
    notes: {
      jp: "背が高く室内が広い軽自動車です。両側スライドドアで、小さなお子様連れでも乗り降りが楽です。",
      en: "A tall kei car with a surprisingly roomy cabin. Sliding doors on both sides make getting in and out easy with small children.",
      tw: "車頂高、車內空間寬敞的輕型車。兩側滑門設計，帶小朋友上下車也很方便。",
      kr: "천장이 높아 실내가 넓은 경차입니다. 양쪽 슬라이딩 도어로 어린 자녀와 함께 타고 내리기 편합니다.",
    },
    capacity: 4,
    cc: 658,
    doors: 5,
    fuel: 1,
  },
  {
    key: "sienta",
    classKey: "minivan",
    name: { jp: "ミニバン 7人乗り", en: "Minivan (7 seats)", tw: "7人座小型MPV", kr: "7인승 미니밴" },
    models: {
      jp: "トヨタ シエンタ・ホンダ フリード または同等クラス",
      en: "Toyota Sienta, Honda Freed or similar",
      tw: "Toyota Sienta、Honda Freed或同級車款",
      kr: "도요타 시엔타·혼다 프리드 또는 동급 차량",
    },
    notes: {
      jp: "3列シートの7人乗りで、3世代のご家族旅行にもぴったりです。3列目を畳めばスーツケース4個が積めます。",
      en: "Seven seats in three rows — ideal for family trips with grandparents. Fold the third row down to fit four suitcases.",
      tw: "3排7人座，非常適合三代同堂的家族旅行。收起第3排座椅即可放入4個行李箱。",
      kr: "3열 7인승으로 3대가 함께하는 가족 여행에 딱 맞습니다. 3열 시트를 접으면 여행 가방 4개를 실을 수 있습니다.",
    },
    capacity: 7,
    cc: 1_490,
    doors: 5,
    fuel: 1,
  },
  {
    key: "noah",
    classKey: "wagon8",
    name: { jp: "8人乗りワゴン", en: "8-seat wagon", tw: "8人座MPV", kr: "8인승 왜건" },
    models: {
      jp: "トヨタ ノア・ヴォクシー または同等クラス",
      en: "Toyota Noah, Voxy or similar",
      tw: "Toyota Noah、Voxy或同級車款",
      kr: "도요타 노아·복시 또는 동급 차량",
    },
    notes: {
      jp: "8人がゆったり乗れる大型ワゴンです。グループ旅行や、ゴルフバッグなど荷物の多いご旅行におすすめです。",
      en: "A large wagon with comfortable room for eight. Recommended for groups and for trips with golf bags or lots of luggage.",
      tw: "可舒適乘坐8人的大型MPV，推薦團體旅遊或攜帶高爾夫球袋等大件行李的旅客使用。",
      kr: "8명이 여유롭게 탈 수 있는 대형 왜건입니다. 단체 여행이나 골프백 등 짐이 많은 여행에 추천합니다.",
    },
    capacity: 8,
    cc: 1_986,
    doors: 5,
    fuel: 1,
  },
  {
    key: "prius",
    classKey: "sedan",
    name: { jp: "セダン ハイブリッド", en: "Hybrid sedan", tw: "油電混合轎車", kr: "하이브리드 세단" },
    models: {
      jp: "トヨタ プリウス または同等クラス",
      en: "Toyota Prius or similar",
      tw: "Toyota Prius或同級車款",
      kr: "도요타 프리우스 또는 동급 차량",
    },
    notes: {
      jp: "静かで燃費の良いハイブリッドセダンです。沖縄自動車道を使った北部への長距離ドライブも快適です。",
      en: "A quiet, economical hybrid sedan that is comfortable on long drives up the Okinawa Expressway to the north of the island.",
      tw: "安靜又省油的油電混合轎車，走沖繩自動車道前往北部長途自駕也很舒適。",
      kr: "조용하고 연비가 좋은 하이브리드 세단입니다. 오키나와 자동차도를 이용한 북부 장거리 드라이브도 쾌적합니다.",
    },
    capacity: 5,
    cc: 1_986,
    doors: 5,
    fuel: 1,
  },
  {
    key: "fit",
    classKey: "compact",
    name: { jp: "コンパクト 禁煙車", en: "Compact (non-smoking)", tw: "小型車（禁菸車）", kr: "소형차(금연 차량)" },
    models: {
      jp: "ホンダ フィット または同等クラス",
      en: "Honda Fit or similar",
      tw: "Honda Fit或同級車款",
      kr: "혼다 피트 또는 동급 차량",
    },
    notes: {
      jp: "荷室が広く、後席の座面を跳ね上げれば背の高い荷物も積めます。ご返却ごとに消臭・除菌を行う完全禁煙車です。",
      en: "A roomy compact whose rear seat cushions flip up to carry tall items. Strictly non-smoking, deodorised and sanitised after every rental.",
      tw: "行李空間寬敞，後座椅墊可向上收起，放置較高的物品。全面禁菸，每次還車後皆進行除臭與消毒。",
      kr: "적재 공간이 넓고 뒷좌석 방석을 접어 올리면 키가 큰 짐도 실을 수 있습니다. 반납 때마다 탈취·살균하는 완전 금연 차량입니다.",
    },
    capacity: 5,
    cc: 1_317,
    doors: 5,
    fuel: 1,
  },
  {
    key: "rav4",
    classKey: "suv",
    name: { jp: "SUV 4WD", en: "SUV (4WD)", tw: "SUV（四輪驅動）", kr: "SUV(4WD)" },
    models: {
      jp: "トヨタ RAV4 または同等クラス",
      en: "Toyota RAV4 or similar",
      tw: "Toyota RAV4或同級車款",
      kr: "도요타 RAV4 또는 동급 차량",
    },
    notes: {
      jp: "視界が高く荷室も広い4WDのSUVです。やんばるの森や海沿いのドライブを快適に楽しめます。",
      en: "A 4WD SUV with a high driving position and a large boot — great for drives through the Yanbaru forest and along the coast.",
      tw: "視野高、行李空間大的四輪驅動SUV，適合前往山原森林或沿著海岸自駕。",
      kr: "시야가 높고 적재 공간이 넓은 4WD SUV입니다. 얀바루 숲이나 해안 드라이브를 쾌적하게 즐길 수 있습니다.",
    },
    capacity: 5,
    cc: 2_487,
    doors: 5,
    fuel: 1,
    fourWd: true,
  },
  {
    key: "sakura-ev",
    classKey: "kei",
    name: { jp: "軽EV（電気自動車）", en: "Kei EV (electric)", tw: "輕型電動車", kr: "경형 전기차" },
    models: {
      jp: "日産 サクラ（車種指定）",
      en: "Nissan Sakura (guaranteed model)",
      tw: "Nissan Sakura（指定車款）",
      kr: "닛산 사쿠라(차종 지정)",
    },
    notes: {
      jp: "静かでなめらかに走る電気自動車です。満充電で約180km走行でき、ご返却時の充電は不要です。",
      en: "A quiet, smooth electric car with a range of about 180 km on a full charge. There is no need to recharge it before returning it.",
      tw: "安靜又平順的電動車，充飽電約可行駛180公里，還車時無需充電。",
      kr: "조용하고 부드럽게 달리는 전기차입니다. 완전 충전 시 약 180km를 주행할 수 있으며, 반납 시 충전하지 않으셔도 됩니다.",
    },
    capacity: 4,
    cc: null,
    doors: 5,
    fuel: 4,
  },
  {
    key: "prado",
    classKey: "suv",
    name: {
      jp: "SUV 4WD 7人乗り（ディーゼル）",
      en: "7-seat SUV (4WD, diesel)",
      tw: "7人座SUV（四輪驅動・柴油）",
      kr: "7인승 SUV(4WD·디젤)",
    },
    models: {
      jp: "トヨタ ランドクルーザー プラド または同等クラス",
      en: "Toyota Land Cruiser Prado or similar",
      tw: "Toyota Land Cruiser Prado或同級車款",
      kr: "도요타 랜드크루저 프라도 또는 동급 차량",
    },
    notes: {
      jp: "パワフルなディーゼルエンジンを積んだ本格4WDの7人乗りです。給油の際は軽油をお選びください。",
      en: "A powerful seven-seat 4WD with a diesel engine. Please fill up with diesel (軽油), not petrol.",
      tw: "搭載強勁柴油引擎的7人座正統四輪驅動車。加油時請選擇柴油（軽油）。",
      kr: "강력한 디젤 엔진을 탑재한 7인승 정통 4WD입니다. 주유 시에는 경유(軽油)를 선택해 주세요.",
    },
    capacity: 7,
    cc: 2_754,
    doors: 5,
    fuel: 3,
    fourWd: true,
  },
  {
    key: "jimny",
    classKey: "suv",
    name: {
      jp: "ジムニー 4WD（マニュアル車）",
      en: "Jimny 4WD (manual)",
      tw: "Jimny四輪驅動（手排車）",
      kr: "짐니 4WD(수동)",
    },
    models: {
      jp: "スズキ ジムニーシエラ（車種指定）",
      en: "Suzuki Jimny Sierra (guaranteed model)",
      tw: "Suzuki Jimny Sierra（指定車款）",
      kr: "스즈키 짐니 시에라(차종 지정)",
    },
    notes: {
      jp: "運転が楽しい5速マニュアルのジムニーシエラです。AT限定免許の方は運転できません。",
      en: "A fun-to-drive Jimny Sierra with a five-speed manual gearbox. It cannot be driven on an automatic-only licence.",
      tw: "駕駛樂趣十足的5速手排Jimny Sierra。持自排限定駕照者無法駕駛。",
      kr: "운전하는 재미가 있는 5단 수동 짐니 시에라입니다. 자동변속기 한정 면허로는 운전하실 수 없습니다.",
    },
    capacity: 4,
    cc: 1_460,
    doors: 3,
    fuel: 1,
    manual: true,
    fourWd: true,
  },
  {
    key: "note-smoking",
    classKey: "compact",
    name: { jp: "コンパクト 喫煙車", en: "Compact (smoking)", tw: "小型車（可吸菸）", kr: "소형차(흡연 가능)" },
    models: {
      jp: "日産 ノート または同等クラス",
      en: "Nissan Note or similar",
      tw: "Nissan Note或同級車款",
      kr: "닛산 노트 또는 동급 차량",
    },
    notes: {
      jp: "車内での喫煙ができる車両です（灰皿付き）。喫煙車は台数が限られていますので、お早めにご予約ください。",
      en: "Smoking is permitted in this car (ashtray provided). We have only a few smoking cars, so please book early.",
      tw: "車內可吸菸（附菸灰缸）。可吸菸車輛數量有限，請提早預約。",
      kr: "차내 흡연이 가능한 차량입니다(재떨이 비치). 흡연 차량은 수량이 한정되어 있으니 서둘러 예약해 주세요.",
    },
    capacity: 5,
    cc: 1_198,
    doors: 5,
    fuel: 1,
    smoking: true,
    image: "note",
  },
];

const SAKURA_VEHICLES: VehicleRow[] = [
  // Naha Airport: every type.
  { store: 0, typeKey: "aqua", count: 6 },
  { store: 0, typeKey: "nbox", count: 6 },
  { store: 0, typeKey: "sienta", count: 4 },
  { store: 0, typeKey: "noah", count: 5 },
  { store: 0, typeKey: "prius", count: 4 },
  { store: 0, typeKey: "fit", count: 3 },
  { store: 0, typeKey: "rav4", count: 3 },
  { store: 0, typeKey: "sakura-ev", count: 2 },
  { store: 0, typeKey: "prado", count: 2 },
  { store: 0, typeKey: "jimny", count: 2 },
  { store: 0, typeKey: "note-smoking", count: 2 },
  // Naha City: town cars; one Aqua is in the workshop.
  { store: 1, typeKey: "aqua", count: 4, outOfService: 1 },
  { store: 1, typeKey: "nbox", count: 3 },
  { store: 1, typeKey: "fit", count: 2 },
  { store: 1, typeKey: "prius", count: 2 },
  { store: 1, typeKey: "sienta", count: 2 },
  { store: 1, typeKey: "sakura-ev", count: 2 },
  // Ishigaki.
  { store: 2, typeKey: "nbox", count: 3 },
  { store: 2, typeKey: "aqua", count: 3 },
  { store: 2, typeKey: "sienta", count: 2 },
  { store: 2, typeKey: "rav4", count: 2 },
  { store: 2, typeKey: "jimny", count: 2 },
  { store: 2, typeKey: "noah", count: 2 },
];

const SAKURA_OPTIONS = options([
  {
    name: {
      jp: "チャイルドシート（1〜4歳頃）",
      en: "Child seat (approx. 1–4 years)",
      tw: "兒童安全座椅（約1～4歲）",
      kr: "유아용 카시트(약 1~4세)",
    },
    price: 0,
    priceUnit: 2,
    maxQuantity: 2,
    // Few in stock in high season: the booker chooses to reserve anyway or cancel (spec §5).
    mayBeUnavailable: true,
  },
  {
    name: {
      jp: "ジュニアシート（4〜6歳頃）",
      en: "Booster seat (approx. 4–6 years)",
      tw: "增高座墊（約4～6歲）",
      kr: "아동용 부스터 시트(약 4~6세)",
    },
    price: 0,
    priceUnit: 2,
    maxQuantity: 2,
  },
  {
    name: {
      jp: "ベビーシート（新生児〜1歳頃）",
      en: "Infant seat (newborn to approx. 1 year)",
      tw: "嬰兒提籃式座椅（新生兒～約1歲）",
      kr: "영아용 카시트(신생아~약 1세)",
    },
    price: 0,
    priceUnit: 2,
    maxQuantity: 2,
  },
  {
    name: {
      jp: "NOC（ノンオペレーションチャージ）補償",
      en: "Non-Operation Charge (NOC) cover",
      tw: "營業損失補償（NOC）",
      kr: "영업 손실 보상(NOC)",
    },
    price: 550,
    priceUnit: 2,
    maxQuantity: 1,
  },
  {
    name: { jp: "ポケットWi-Fiルーター", en: "Pocket Wi-Fi router", tw: "Wi-Fi分享器", kr: "포켓 와이파이 라우터" },
    price: 550,
    priceUnit: 2,
    maxQuantity: 1,
  },
  {
    name: {
      jp: "ビーチパラソル・チェアセット",
      en: "Beach parasol and chair set",
      tw: "海灘遮陽傘・躺椅組",
      kr: "비치 파라솔·의자 세트",
    },
    price: 1_650,
    priceUnit: 1,
    maxQuantity: 2,
    stores: [0, 2],
  },
  {
    name: { jp: "ETCカード貸出", en: "ETC card rental", tw: "ETC卡租借", kr: "ETC 카드 대여" },
    price: 330,
    priceUnit: 1,
    maxQuantity: 1,
    stores: [0],
  },
  {
    name: { jp: "ベビーカー", en: "Baby stroller", tw: "嬰兒推車", kr: "유모차" },
    price: 1_100,
    priceUnit: 1,
    maxQuantity: 1,
    classKeys: ["minivan", "wagon8"],
  },
]);

function sakura(today: Date): CatalogueInput {
  const effectiveFrom = isoDay(today, -365);
  const nahaCity: Closed = { weekdays: [3] };
  const ishigaki: Closed = { monthDays: [15] };
  const classKeys = SAKURA_CLASSES.map(([key]) => key);
  const rates = (k: string): Rates => RATES[k as keyof typeof RATES];

  const feePlans = [0, 1, 2].flatMap((store) =>
    classKeys.flatMap((classKey) =>
      [false, true].map((isHighSeason) => {
        // Naha City is about 5% cheaper than the airport; high season is 30% dearer.
        const factor = (store === 1 ? 0.95 : 1) * (isHighSeason ? 1.3 : 1);
        const p: PlanOf = { store, classKey, effectiveFrom, factor, isHighSeason };
        return store === 2 ? hoursPlan(p, rates(classKey)) : nightsPlan(p, rates(classKey));
      }),
    ),
  );

  const book = new ReservationBook(today, 1201);
  const v = SAKURA_VEHICLES;
  // Fully booked: every 8-seat wagon at Naha Airport on days 10–13, and every RAV4 there on days 30–31.
  book.addMany(0, "noah", inService(v, 0, "noah"), 10, 13);
  book.add(0, "noah", [9, "14:00"], [14, "12:00"], true); // cancelled: does not count
  book.addMany(0, "rav4", inService(v, 0, "rav4"), 30, 31);
  // Nearly booked: one car left.
  book.addMany(0, "aqua", inService(v, 0, "aqua") - 1, 5, 7);
  book.addMany(0, "sienta", inService(v, 0, "sienta") - 1, 3, 4);
  const city = openDay(today, 12, nahaCity);
  book.addMany(1, "aqua", inService(v, 1, "aqua") - 1, city, openDay(today, city + 2, nahaCity));
  // Partly booked.
  book.addMany(0, "nbox", 4, 15, 16);
  book.add(0, "prius", [18, "09:00"], [18, "17:00"]);
  book.add(0, "prius", [18, "11:00"], [19, "15:00"]);
  book.addMany(0, "sienta", 2, 21, 24);
  book.addMany(0, "noah", 3, 56, 58);
  book.add(0, "rav4", [45, "10:00"], [47, "16:00"]);
  book.add(0, "jimny", [8, "13:00"], [9, "11:00"]);
  const fit = openDay(today, 3, nahaCity);
  book.add(1, "fit", [fit, "10:00"], [openDay(today, fit + 1, nahaCity), "17:00"]);
  const cityNbox = openDay(today, 28, nahaCity);
  book.add(1, "nbox", [cityNbox, "09:30"], [openDay(today, cityNbox + 1, nahaCity), "18:00"]);
  const isgNbox = openDay(today, 22, ishigaki);
  book.addMany(2, "nbox", 2, isgNbox, openDay(today, isgNbox + 3, ishigaki));
  const isgJimny = openDay(today, 5, ishigaki);
  book.add(2, "jimny", [isgJimny, "09:00"], [openDay(today, isgJimny + 1, ishigaki), "18:00"]);
  const isgNoah = openDay(today, 40, ishigaki);
  book.add(2, "noah", [isgNoah, "10:00"], [openDay(today, isgNoah + 2, ishigaki), "17:00"]);

  return {
    classes: SAKURA_CLASSES.map(([key, name], i) => carClass(key, name, i + 1)),
    carTypes: carTypes(SAKURA_TYPES),
    vehicles: SAKURA_VEHICLES,
    options: SAKURA_OPTIONS,
    // The price list page quotes a flat CDW of 1,650 yen a day; SUV prices are shown without it by default.
    immunityFees: classKeys.map((classKey) => ({ classKey, pricePerDay: 1_650, isDefault: classKey !== "suv" })),
    feePlans,
    // Naha City: extra closing days (stocktaking, staff training, fleet inspection), outside the high-season weeks.
    holidays: [8, 38, 47].map((d) => ({ store: 1, date: isoDay(today, openDay(today, d, nahaCity)) })),
    reservations: book.rows,
  };
}

// ---------------------------------------------------------------------------------------------
// kaede: Kyoto, Japanese and English. Stores: 0 Kyoto Station, 1 Arashiyama (closed Thursdays).
// ---------------------------------------------------------------------------------------------

function kaede(today: Date): CatalogueInput {
  const effectiveFrom = isoDay(today, -365);
  const classes: [string, L2][] = [
    ["compact", { jp: "コンパクトカー", en: "Compact" }],
    ["sedan", { jp: "セダン", en: "Sedan" }],
    ["minivan", { jp: "ミニバン", en: "Minivan" }],
  ];
  const vehicles: VehicleRow[] = [
    { store: 0, typeKey: "aqua", count: 4 },
    { store: 0, typeKey: "prius", count: 4 },
    { store: 0, typeKey: "freed", count: 2 },
    { store: 1, typeKey: "aqua", count: 2 },
    { store: 1, typeKey: "freed", count: 2 },
  ];
  const book = new ReservationBook(today, 301);
  book.addMany(0, "aqua", 2, 6, 7);
  const arashiyama = openDay(today, 16, { weekdays: [4] });
  book.add(1, "freed", [arashiyama, "09:00"], [arashiyama, "17:30"]);

  return {
    classes: classes.map(([key, name], i) => carClass(key, name, i + 1)),
    carTypes: carTypes([
      {
        key: "aqua",
        classKey: "compact",
        name: { jp: "コンパクト ハイブリッド", en: "Compact hybrid" },
        models: { jp: "トヨタ アクア または同等クラス", en: "Toyota Aqua or similar" },
        notes: {
          jp: "燃費の良いハイブリッド車で、細い路地の多い京都の街中でも運転しやすいサイズです。",
          en: "A fuel-efficient hybrid, small enough to handle Kyoto's narrow streets with ease.",
        },
        capacity: 5,
        cc: 1_490,
        doors: 5,
        fuel: 1,
      },
      {
        key: "prius",
        classKey: "sedan",
        name: { jp: "セダン ハイブリッド", en: "Hybrid sedan" },
        models: { jp: "トヨタ プリウス または同等クラス", en: "Toyota Prius or similar" },
        notes: {
          jp: "静かで乗り心地の良いハイブリッドセダンです。ビジネスでのご利用や、天橋立・琵琶湖方面への遠出におすすめです。",
          en: "A quiet, comfortable hybrid sedan — ideal for business trips or longer drives to Amanohashidate and Lake Biwa.",
        },
        capacity: 5,
        cc: 1_986,
        doors: 5,
        fuel: 1,
      },
      {
        key: "freed",
        classKey: "minivan",
        name: { jp: "ミニバン 7人乗り", en: "Minivan (7 seats)" },
        models: { jp: "ホンダ フリード または同等クラス", en: "Honda Freed or similar" },
        notes: {
          jp: "両側スライドドアの7人乗りです。ご家族での美山や大原への日帰り旅行に便利です。",
          en: "A seven-seater with sliding doors on both sides, handy for family day trips to Miyama or Ohara.",
        },
        capacity: 7,
        cc: 1_496,
        doors: 5,
        fuel: 1,
        image: "sienta",
      },
    ]),
    vehicles,
    options: options([
      { name: { jp: "チャイルドシート", en: "Child seat" }, price: 550, priceUnit: 2, maxQuantity: 2 },
      { name: { jp: "ジュニアシート", en: "Booster seat" }, price: 550, priceUnit: 2, maxQuantity: 2 },
      {
        name: { jp: "スタッドレスタイヤ（京都北部・滋賀方面へ）", en: "Winter tyres (for northern Kyoto and Shiga)" },
        price: 2_200,
        priceUnit: 1,
        maxQuantity: 1,
      },
    ]),
    immunityFees: [
      { classKey: "compact", pricePerDay: 1_100 },
      { classKey: "sedan", pricePerDay: 1_650 },
      { classKey: "minivan", pricePerDay: 1_650 },
    ],
    feePlans: [0, 1].flatMap((store) =>
      classes.map(([classKey]) =>
        nightsPlan({ store, classKey, effectiveFrom, factor: 1.1 }, RATES[classKey as "compact" | "sedan" | "minivan"]),
      ),
    ),
    reservations: book.rows,
  };
}

// ---------------------------------------------------------------------------------------------
// fuji: Lake Kawaguchi, Japanese only. One store, closed Tuesdays.
// ---------------------------------------------------------------------------------------------

function fuji(today: Date): CatalogueInput {
  const effectiveFrom = isoDay(today, -365);
  const closed: Closed = { weekdays: [2] };
  const vehicles: VehicleRow[] = [
    { store: 0, typeKey: "kei4wd", count: 3 },
    { store: 0, typeKey: "yaris", count: 3 },
    { store: 0, typeKey: "outlander", count: 2 },
  ];
  const book = new ReservationBook(today, 81);
  const kei = openDay(today, 4, closed);
  book.add(0, "kei4wd", [kei, "10:00"], [kei, "17:00"]);
  // Every 7-seat SUV is out for two days.
  const suv = openDay(today, 8, closed);
  book.addMany(0, "outlander", inService(vehicles, 0, "outlander"), suv, openDay(today, suv + 1, closed));
  const yaris = openDay(today, 14, closed);
  book.addMany(0, "yaris", 2, yaris, openDay(today, yaris + 2, closed));

  return {
    classes: [carClass("kei", "軽自動車", 1), carClass("compact", "コンパクトカー", 2), carClass("suv", "SUV・4WD", 3)],
    carTypes: carTypes([
      {
        key: "yaris",
        classKey: "compact",
        name: "コンパクトカー",
        models: "トヨタ ヤリス または同等クラス",
        notes: "取り回しがしやすく燃費の良いコンパクトカーです。河口湖周辺の観光やお買い物に便利です。",
        capacity: 5,
        cc: 1_490,
        doors: 5,
        fuel: 1,
        image: "fit",
      },
      {
        key: "outlander",
        classKey: "suv",
        name: "SUV 4WD 7人乗り",
        models: "三菱 アウトランダーPHEV（7人乗り）または同等クラス",
        notes: "3列シートの7人乗り4WDです。富士五湖めぐりや冬のスキー場へのドライブも安心です。",
        capacity: 7,
        cc: 2_359,
        doors: 5,
        fuel: 1,
        fourWd: true,
        image: "rav4",
      },
      {
        key: "kei4wd",
        classKey: "kei",
        name: "軽自動車 4WD",
        models: "スズキ ハスラー・ダイハツ タフト（4WD）または同等クラス",
        notes:
          "坂道や雪道にも強い4WDの軽自動車です。カーナビは付いていませんが、スマートフォンホルダーとUSB電源があります。",
        capacity: 4,
        cc: 658,
        doors: 5,
        fuel: 1,
        navigation: false,
        fourWd: true,
        image: "nbox",
      },
    ]),
    vehicles,
    options: options([
      {
        name: "スタッドレスタイヤ（4月・11月のご利用）",
        price: 3_300,
        priceUnit: 1,
        maxQuantity: 1,
      },
      { name: "スキーキャリア", price: 1_650, priceUnit: 1, maxQuantity: 1, classKeys: ["compact", "suv"] },
      { name: "チャイルドシート", price: 550, priceUnit: 2, maxQuantity: 2 },
    ]),
    immunityFees: [
      { classKey: "kei", pricePerDay: 1_100 },
      { classKey: "compact", pricePerDay: 1_100 },
      { classKey: "suv", pricePerDay: 2_200 },
    ],
    feePlans: [
      hoursPlan({ store: 0, classKey: "kei", effectiveFrom, factor: 1 }, RATES.kei),
      hoursPlan({ store: 0, classKey: "compact", effectiveFrom, factor: 1 }, RATES.compact),
      hoursPlan({ store: 0, classKey: "suv", effectiveFrom, factor: 1 }, RATES.suv7),
    ],
    reservations: book.rows,
  };
}

// ---------------------------------------------------------------------------------------------
// hana: Hakodate, Japanese only. One store.
// ---------------------------------------------------------------------------------------------

function hana(today: Date): CatalogueInput {
  const effectiveFrom = isoDay(today, -365);
  const book = new ReservationBook(today, 41);
  book.add(0, "sienta4wd", [9, "09:00"], [11, "18:00"]);

  return {
    classes: [
      carClass("kei", "軽自動車", 1),
      carClass("compact", "コンパクトカー", 2),
      carClass("minivan", "ミニバン", 3),
    ],
    carTypes: carTypes([
      {
        key: "tanto4wd",
        classKey: "kei",
        name: "軽自動車 4WD",
        models: "ダイハツ タント・ホンダ N-BOX（4WD）または同等クラス",
        notes: "4WDの軽自動車です。函館市内の坂道や冬の雪道も安心して走れます。",
        capacity: 4,
        cc: 658,
        doors: 5,
        fuel: 1,
        fourWd: true,
        image: "nbox",
      },
      {
        key: "yaris4wd",
        classKey: "compact",
        name: "コンパクトカー 4WD",
        models: "トヨタ ヤリス（4WD）または同等クラス",
        notes: "燃費の良い4WDのコンパクトカーです。大沼や道南方面へのドライブにおすすめです。",
        capacity: 5,
        cc: 1_490,
        doors: 5,
        fuel: 1,
        fourWd: true,
        image: "fit",
      },
      {
        key: "sienta4wd",
        classKey: "minivan",
        name: "ミニバン 7人乗り 4WD",
        models: "トヨタ シエンタ（ハイブリッド E-Four）または同等クラス",
        notes: "7人乗りの4WDハイブリッドです。ご家族やグループでの道南旅行に便利です。",
        capacity: 7,
        cc: 1_490,
        doors: 5,
        fuel: 1,
        fourWd: true,
        image: "sienta",
      },
    ]),
    vehicles: [
      { store: 0, typeKey: "tanto4wd", count: 3 },
      { store: 0, typeKey: "yaris4wd", count: 2 },
      { store: 0, typeKey: "sienta4wd", count: 2 },
    ],
    options: options([
      { name: "チャイルドシート", price: 550, priceUnit: 2, maxQuantity: 2 },
      { name: "ジュニアシート", price: 550, priceUnit: 2, maxQuantity: 2 },
    ]),
    immunityFees: [
      { classKey: "kei", pricePerDay: 1_100 },
      { classKey: "compact", pricePerDay: 1_100 },
      { classKey: "minivan", pricePerDay: 1_650 },
    ],
    feePlans: (["kei", "compact", "minivan"] as const).map((classKey) =>
      nightsPlan({ store: 0, classKey, effectiveFrom, factor: 0.9 }, RATES[classKey]),
    ),
    reservations: book.rows,
  };
}
