import { AdminInput, AdminTextarea, fieldBinder } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";
import { MAX_EMBED_ORIGINS } from "#server/sites/site-settings.schema";
import type { SectionProps } from "./types";

/** Where the booking pages may be framed, and the analytics tags. */
export function EmbedSection({ errors, values }: SectionProps) {
  const { t } = useAdminI18n();
  const { field } = fieldBinder({ errors, values });
  return (
    <AdminSection title={t("admin.settings.sectionEmbed")}>
      <AdminTextarea
        {...field("embed_origins")}
        label={t("admin.settings.embedOrigins")}
        hint={t("admin.settings.embedOriginsHint", { max: MAX_EMBED_ORIGINS })}
        rows={4}
        spellCheck={false}
        autoCapitalize="off"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminInput
          {...field("ga_tracking_code")}
          label={t("admin.settings.gaTrackingCode")}
          hint={t("admin.settings.gaTrackingCodeHint")}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
        />
        <AdminInput
          {...field("gtm_container_id")}
          label={t("admin.settings.gtmContainerId")}
          hint={t("admin.settings.gtmContainerIdHint")}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
        />
      </div>
    </AdminSection>
  );
}
