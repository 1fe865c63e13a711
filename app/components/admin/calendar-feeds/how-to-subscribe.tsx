import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";

/** Where each calendar app takes a subscription URL. */
export function HowToSubscribe() {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.calendarFeeds.howTitle")} testId="calendar-feed-how">
      <ul className="grid list-disc gap-2 ps-5">
        <li>{t("admin.calendarFeeds.howGoogle")}</li>
        <li>{t("admin.calendarFeeds.howOutlook")}</li>
        <li>{t("admin.calendarFeeds.howApple")}</li>
      </ul>
      <p className="text-sm text-gray-700">{t("admin.calendarFeeds.howNote")}</p>
    </AdminSection>
  );
}
