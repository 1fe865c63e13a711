import { eq } from "drizzle-orm";
import type { ReasonLike } from "#common/app-error";
import { type CarTypeInput, CarTypeSchema } from "#server/catalog/car-type.schema";
import { carTypeColumns } from "#server/catalog/car-types";
import { type VehicleInput, VehicleSchema } from "#server/catalog/vehicle.schema";
import { vehicleColumns } from "#server/catalog/vehicles";
import { carClasses, carTypes, stores, vehicles } from "#server/db/schema";
import type { DbOrTx } from "#server/mail/outbox";
import { type Importer, parseRow, yesNo } from "./import";

/** A site's rows named by id or by their Japanese name, as a CSV may name them. */
type Named = Map<string, number>;

async function named(
  db: DbOrTx,
  siteId: string,
  table: typeof stores | typeof carClasses | typeof carTypes,
): Promise<Named> {
  const nameColumn =
    table === stores ? stores.storeName : table === carClasses ? carClasses.className : carTypes.typeName;
  const rows = await db.select({ id: table.id, name: nameColumn }).from(table).where(eq(table.siteId, siteId));
  const map: Named = new Map();
  for (const r of rows) {
    map.set(String(r.id), r.id);
    if (r.name) map.set(r.name.trim(), r.id);
  }
  return map;
}

/** The names a site's rows go by (ids aside), for the template and for an error that lists them. */
const namesOf = (map: Named) => [...map.keys()].filter((k) => !/^\d+$/.test(k));

/**
 * A cell that names no row of this site, refused with the names it may take (issue 41); null when
 * it is empty or names one.
 */
function unknownChoice(map: Named, cell: string | undefined): ReasonLike | null {
  const value = (cell ?? "").trim();
  if (value === "" || map.has(value)) return null;
  return { code: "choose_from", params: { value, choices: namesOf(map).join(" / ") } };
}

/** A row's outcome with each unknown name refused by listing the names it may take. */
function withChoices<T>(
  outcome: { value?: T; errors?: Record<string, ReasonLike> },
  unknown: Record<string, ReasonLike | null>,
): { value?: T; errors?: Record<string, ReasonLike> } {
  const found = Object.entries(unknown).filter((e): e is [string, ReasonLike] => e[1] !== null);
  if (!found.length) return outcome;
  return { errors: { ...outcome.errors, ...Object.fromEntries(found) } };
}

/** The id a cell names (an id, or a name of this site), as the form's select would send it; "" for none. */
const choice = (map: Named, cell: string | undefined) => {
  const value = (cell ?? "").trim();
  if (value === "") return "";
  return String(map.get(value) ?? "x");
};

/** A code cell read as the form's choice: the code itself, or a common way of writing it. */
const code = (cell: string | undefined, words: Record<string, string>, fallback: string) => {
  const value = (cell ?? "").trim().toLowerCase();
  return value === "" ? fallback : (words[value] ?? value);
};

const FUEL: Record<string, string> = {
  regular: "1",
  レギュラー: "1",
  "high-octane": "2",
  ハイオク: "2",
  diesel: "3",
  軽油: "3",
  ディーゼル: "3",
  electric: "4",
  electricity: "4",
  電気: "4",
  lpg: "5",
  "lp gas": "5",
  lpガス: "5",
};
const TRANSMISSION: Record<string, string> = {
  at: "1",
  automatic: "1",
  オートマ: "1",
  mt: "2",
  manual: "2",
  マニュアル: "2",
};
const SMOKING: Record<string, string> = { "non-smoking": "1", 禁煙: "1", no: "1", smoking: "2", 喫煙: "2", yes: "2" };

/** Car types from a CSV file: the columns of the car type form, the class by id or name (photos are added on the form). */
export const carTypesImporter: Importer<CarTypeInput, { classes: Named }> = {
  kind: "car_types",
  permission: "catalog.edit",
  columns: [
    { field: "class", ja: "車両クラス", required: true, example: "コンパクト" },
    { field: "type_name", ja: "車種名", required: true, example: "コンパクトカー（ヤリス等）" },
    { field: "type_name_en", ja: "車種名（英語）", example: "Compact (Yaris or similar)" },
    { field: "type_name_kr", ja: "車種名（韓国語）" },
    { field: "type_name_tw", ja: "車種名（繁体字）" },
    { field: "model_names", ja: "代表車種", example: "ヤリス、フィット" },
    { field: "capacity", ja: "定員", required: true, example: "5" },
    { field: "displacement_cc", ja: "排気量", example: "1300" },
    { field: "doors", ja: "ドア数", example: "5" },
    { field: "fuel", ja: "燃料", example: "レギュラー" },
    { field: "transmission", ja: "ミッション", example: "AT" },
    { field: "smoking", ja: "喫煙", example: "禁煙" },
    { field: "has_navigation", ja: "カーナビ", example: "はい" },
    { field: "has_etc", ja: "ETC", example: "はい" },
    { field: "is_four_wd", ja: "4WD", example: "いいえ" },
    { field: "display_order", ja: "表示順", example: "1" },
    { field: "is_published", ja: "公開", example: "はい" },
  ],
  lookups: async (db, siteId) => ({ classes: await named(db, siteId, carClasses) }),
  readRow(cells, { classes }) {
    const outcome = parseRow(CarTypeSchema, {
      ...cells,
      class_id: choice(classes, cells.class),
      fuel: code(cells.fuel, FUEL, "1"),
      transmission: code(cells.transmission, TRANSMISSION, "1"),
      smoking: code(cells.smoking, SMOKING, "1"),
      has_navigation: yesNo(cells.has_navigation),
      has_etc: yesNo(cells.has_etc),
      is_four_wd: yesNo(cells.is_four_wd),
      is_published: cells.is_published === undefined || cells.is_published === "" ? "1" : yesNo(cells.is_published),
      display_order: cells.display_order || "0",
    });
    // The form names the class `class_id`; the file names it `class`.
    return withChoices(renamed(outcome, { class_id: "class" }), { class: unknownChoice(classes, cells.class) });
  },
  examples: ({ classes }) => exampleNames({ class: classes }),
  async write(tx, siteId, rows) {
    if (!rows.length) return [];
    const inserted = await tx
      .insert(carTypes)
      .values(rows.map((r) => ({ ...carTypeColumns(r), siteId })))
      .returning({ id: carTypes.id, typeName: carTypes.typeName });
    return inserted;
  },
};

interface VehicleLookups {
  stores: Named;
  carTypes: Named;
  /** Registration numbers the site has already. */
  taken: Set<string>;
}

/** Vehicles in batches: a statement holds at most 65,535 parameters. */
const VEHICLE_BATCH = 2_000;

/** Vehicles from a CSV file: store and car type by id or name, registration number, colour, mileage, in service. */
export const vehiclesImporter: Importer<VehicleInput, VehicleLookups> = {
  kind: "vehicles",
  permission: "catalog.edit",
  columns: [
    { field: "store", ja: "店舗", required: true, example: "那覇空港店" },
    { field: "car_type", ja: "車種", required: true, example: "コンパクトカー（ヤリス等）" },
    { field: "registration_number", ja: "登録番号", required: true, example: "沖縄 500 わ 12-34" },
    { field: "color", ja: "色", example: "白" },
    { field: "mileage_km", ja: "走行距離", example: "12000" },
    { field: "in_service", ja: "稼働", example: "はい" },
  ],
  // One after another: inside the import's transaction they share one connection.
  async lookups(db, siteId) {
    const storeMap = await named(db, siteId, stores);
    const typeMap = await named(db, siteId, carTypes);
    const plates = await db
      .select({ number: vehicles.registrationNumber })
      .from(vehicles)
      .where(eq(vehicles.siteId, siteId));
    return { stores: storeMap, carTypes: typeMap, taken: new Set(plates.map((p) => p.number)) };
  },
  readRow(cells, lookups) {
    const inService = cells.in_service === undefined || cells.in_service === "" ? "1" : yesNo(cells.in_service) || "0";
    const outcome = parseRow(VehicleSchema, {
      ...cells,
      store_id: choice(lookups.stores, cells.store),
      car_type_id: choice(lookups.carTypes, cells.car_type),
      mileage_km: cells.mileage_km || "0",
      in_service: inService,
    });
    if (outcome.value && lookups.taken.has(outcome.value.registration_number)) {
      return { errors: { registration_number: { code: "registration_taken" } } };
    }
    return withChoices(renamed(outcome, { store_id: "store", car_type_id: "car_type" }), {
      store: unknownChoice(lookups.stores, cells.store),
      car_type: unknownChoice(lookups.carTypes, cells.car_type),
    });
  },
  examples: (lookups) => ({
    ...exampleNames({ store: lookups.stores, car_type: lookups.carTypes }),
    registration_number: freePlate(lookups.taken),
  }),
  checkAll(rows) {
    const seen = new Map<string, number>();
    const problems = new Map<number, Record<string, ReasonLike>>();
    rows.forEach((row, index) => {
      if (!row) return;
      const first = seen.get(row.registration_number);
      if (first === undefined) seen.set(row.registration_number, index);
      else
        problems.set(index, { registration_number: { code: "registration_duplicate", params: { line: first + 2 } } });
    });
    return problems;
  },
  async write(tx, siteId, rows) {
    const written: { id: number; registrationNumber: string }[] = [];
    for (let i = 0; i < rows.length; i += VEHICLE_BATCH) {
      const batch = rows.slice(i, i + VEHICLE_BATCH).map((r) => ({ ...vehicleColumns(r), siteId }));
      written.push(
        ...(await tx
          .insert(vehicles)
          .values(batch)
          .returning({ id: vehicles.id, registrationNumber: vehicles.registrationNumber })),
      );
    }
    return written;
  },
};

/** The first name of each lookup this site has, for the template's example row. */
function exampleNames(maps: Record<string, Named>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(maps).flatMap(([field, map]) => {
      const first = namesOf(map)[0];
      return first ? [[field, first]] : [];
    }),
  );
}

/** A registration number in the template that the site does not have yet. */
function freePlate(taken: Set<string>): string {
  for (let n = 1234; ; n += 1) {
    const digits = String(n % 10_000).padStart(4, "0");
    const plate = `沖縄 500 わ ${digits.slice(0, 2)}-${digits.slice(2)}`;
    if (!taken.has(plate)) return plate;
  }
}

/** A row's problems under the file's column names where they differ from the form's. */
function renamed<T>(outcome: { value?: T; errors?: Record<string, ReasonLike> }, names: Record<string, string>) {
  if (!outcome.errors) return outcome;
  return {
    errors: Object.fromEntries(
      Object.entries(outcome.errors).map(([field, reason]) => [names[field] ?? field, reason]),
    ),
  };
}
