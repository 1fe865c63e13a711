import { type Locale, pickLang } from "#common/locales";
import type { FeeSchedule } from "#server/catalog/fee-schedule";
import type { FeeTable } from "#server/pricing/fee-table";
import type { SiteBundle } from "#server/sites/site-bundle";
import { type OptionView, optionView } from "./catalog.server";

export interface FeePageClass {
  id: number;
  name: string;
  tables: FeeTable[];
  immunityPerDay: number | null;
  immunityDefault: boolean;
}

/** The fee page (spec §2 /fee) in one language: store tabs, each class's tables, options, high season. */
export function feePage(bundle: SiteBundle, locale: Locale, schedule: FeeSchedule) {
  return {
    stores: bundle.stores.map((s) => ({ id: s.id, name: pickLang(s, "storeName", locale) })),
    storeId: schedule.store?.id ?? null,
    classes: schedule.classes.map(
      (c): FeePageClass => ({
        id: c.carClass.id,
        name: pickLang(c.carClass, "className", locale),
        tables: c.tables,
        immunityPerDay: c.immunityPerDay,
        immunityDefault: c.immunityDefault,
      }),
    ),
    options: schedule.options.map((o): OptionView => optionView(o, locale)),
    highSeasonWeekdays: schedule.highSeasonWeekdays,
    highSeasonRuns: schedule.highSeasonRuns,
  };
}

export type FeePageData = ReturnType<typeof feePage>;
