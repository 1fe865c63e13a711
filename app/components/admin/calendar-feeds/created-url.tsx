import { CopyableCode, ShownOnce } from "#app/components/admin/copyable-code";
import { useAdminI18n } from "#app/lib/admin";

/** The URL, once: selectable text without JavaScript, a copy button with it; the English variant below. */
export function CreatedUrl({ store, url }: { store: string; url: string }) {
  const { t } = useAdminI18n();
  return (
    <ShownOnce
      id="calendar-feed-created-title"
      testId="calendar-feed-created"
      title={t("admin.calendarFeeds.createdTitle", { store })}
      warning={t("admin.calendarFeeds.createdWarning")}
    >
      <CopyableUrl label={t("admin.calendarFeeds.urlJa")} url={url} testId="calendar-feed-url" />
      <CopyableUrl label={t("admin.calendarFeeds.urlEn")} url={`${url}?lang=en`} testId="calendar-feed-url-en" />
    </ShownOnce>
  );
}

function CopyableUrl({ label, url, testId }: { label: string; url: string; testId: string }) {
  const { t } = useAdminI18n();
  return (
    <div className="grid gap-2">
      <p className="text-sm font-semibold text-gray-800">{label}</p>
      <CopyableCode
        value={url}
        label={label}
        texts={{
          copy: t("admin.calendarFeeds.copy"),
          copied: t("admin.calendarFeeds.copied"),
          failed: t("admin.calendarFeeds.copyFailed"),
        }}
        testId={testId}
        copyTestId={`${testId}-copy`}
      />
    </div>
  );
}
