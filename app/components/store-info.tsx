import { codeLabel, WEEKDAY_LABEL } from "../i18n/labels";
import { useI18n } from "../lib/i18n";
import type { StoreView } from "../presenters/store.server";
import { DescriptionList } from "./ui/description-list";

/** Address, phone, hours and holidays of a store as a description list. */
export function StoreInfo({ store, detailed = false }: { store: StoreView; detailed?: boolean }) {
  const { t } = useI18n();
  const sep = t("list.separator");
  const holidays = [
    ...store.regularHolidayWeek.map((d) => t(codeLabel(WEEKDAY_LABEL, d))),
    ...(store.regularHolidayDates.length
      ? [t("store.holidayDates", { days: store.regularHolidayDates.join(sep) })]
      : []),
  ];
  const rows: [string, React.ReactNode][] = [
    [t("store.address"), `${store.zip ? `${t("store.zip", { zip: store.zip })} ` : ""}${store.address}`],
    [
      t("store.tel"),
      store.tel ? (
        <a key="tel" href={`tel:${store.tel.replace(/[^0-9+]/g, "")}`} className="link">
          {store.tel}
        </a>
      ) : (
        ""
      ),
    ],
    [
      t("store.hours"),
      store.open24h
        ? t("store.open24h")
        : t("store.hoursRange", { start: store.businessStartTime, end: store.businessEndTime }),
    ],
    [t("store.regularHoliday"), holidays.length ? holidays.join(sep) : t("store.noRegularHoliday")],
  ];
  if (detailed) {
    if (store.email) rows.push([t("store.email"), store.email]);
    if (store.access)
      rows.push([
        t("store.access"),
        <span key="access" className="whitespace-pre-line">
          {store.access}
        </span>,
      ]);
    if (store.remarks)
      rows.push([
        t("store.remarks"),
        <span key="remarks" className="whitespace-pre-line">
          {store.remarks}
        </span>,
      ]);
  }
  return <DescriptionList rows={rows} />;
}
