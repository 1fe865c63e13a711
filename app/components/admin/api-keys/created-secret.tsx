import { CopyableCode, ShownOnce } from "#app/components/admin/copyable-code";
import { useAdminI18n } from "#app/lib/admin";

/** The secret, once: selectable text without JavaScript, a copy button with it. */
export function CreatedSecret({ name, secret }: { name: string; secret: string }) {
  const { t } = useAdminI18n();
  return (
    <ShownOnce
      id="api-key-created-title"
      testId="api-key-created"
      title={t("admin.apiKeys.secretTitle", { name })}
      warning={t("admin.apiKeys.secretWarning")}
      warningTestId="api-key-warning"
    >
      <p className="text-sm font-semibold text-gray-800">{t("admin.apiKeys.secretLabel")}</p>
      <CopyableCode
        value={secret}
        texts={{
          copy: t("admin.apiKeys.copy"),
          copied: t("admin.apiKeys.copied"),
          failed: t("admin.apiKeys.copyFailed"),
        }}
        testId="api-key-secret"
        copyTestId="copy-secret"
        statusTestId="copy-status"
      />
    </ShownOnce>
  );
}
