import { codeLabel, WEEKDAY_LABEL, zoneMessage } from "#app/i18n/labels";
import { useI18n } from "#app/lib/i18n";
import type { StoreView } from "#app/presenters/store.server";
import { telHref, telShown } from "#common/tel";
import { DescriptionList } from "./ui/description-list";

/** Address, phone, hours and holidays of a store as a description list. */
export function StoreInfo({ store, detailed = false }: { store: StoreView; detailed?: boolean }) {
  const { t, locale } = useI18n();
  const sep = t("list.separator");
  const zone = zoneMessage(store.timeZone);
  const holidays = [
    ...store.regularHolidayWeek.map((d) => t(codeLabel(WEEKDAY_LABEL, d))),
    ...(store.regularHolidayDates.length
      ? [t("store.holidayDates", { days: store.regularHolidayDates.join(sep) })]
      : []),
  ];
  const rows: [string, React.ReactNode][] = [
    [
      t("store.address"),
      <span key="address" className="grid gap-1">
        <span data-testid="store-address">{store.address}</span>
        <a
          href={store.mapUrl}
          className="link tap w-fit"
          target="_blank"
          rel="noopener noreferrer"
          data-testid="store-map"
        >
          {t("store.map")}
        </a>
      </span>,
    ],
    [
      t("store.tel"),
      store.tel ? (
        <a key="tel" href={telHref(store.tel)} className="link tap" data-testid="store-tel">
          {telShown(store.tel, locale)}
        </a>
      ) : (
        ""
      ),
    ],
    [
      t("store.hours"),
      t("store.hoursZone", {
        hours: store.open24h
          ? t("store.open24h")
          : t("store.hoursRange", { start: store.businessStartTime, end: store.businessEndTime }),
        zone: t(zone.key, zone.params),
      }),
    ],
    [t("store.regularHoliday"), holidays.length ? holidays.join(sep) : t("store.noRegularHoliday")],
  ];
  if (detailed) {
    if (store.email) {
      rows.push([
        t("store.email"),
        <a key="email" href={`mailto:${store.email}`} className="link tap" data-testid="store-email">
          {store.email}
        </a>,
      ]);
    }
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
