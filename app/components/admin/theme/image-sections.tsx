import { AdminCheckbox, type AdminErrors, AdminInput } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";
import { MEDIA_MAX_MB } from "#server/sites/site-settings.schema";
import type { ThemeLogo } from "./header-preview";

/** The logo and the favicon: what is stored, removing it, and a file to replace it. */
export function ImageSections({
  logo,
  faviconPath,
  errors,
}: {
  logo: ThemeLogo | null;
  faviconPath: string | null;
  errors: AdminErrors;
}) {
  const { t } = useAdminI18n();
  return (
    <>
      <AdminSection title={t("admin.theme.sectionLogo")}>
        {logo ? (
          <div className="grid gap-2" data-testid="current-logo">
            <p className="text-sm text-gray-800">
              {t("admin.theme.logoSize", { width: logo.width, height: logo.height })}{" "}
              {logo.resize ? t("admin.theme.logoResized") : t("admin.theme.logoAsIs")}
            </p>
            <AdminCheckbox name="remove_logo" label={t("admin.theme.removeLogo")} errors={errors} />
          </div>
        ) : (
          <p className="text-sm text-gray-700">{t("admin.theme.noLogo")}</p>
        )}
        <AdminInput
          name="logo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          label={logo ? t("admin.theme.replaceLogo") : t("admin.theme.logo")}
          hint={t("admin.theme.logoHint", { max: MEDIA_MAX_MB })}
          errors={errors}
        />
      </AdminSection>

      <AdminSection title={t("admin.theme.sectionFavicon")}>
        {faviconPath ? (
          <div className="flex flex-wrap items-center gap-3" data-testid="current-favicon">
            <img
              src={faviconPath}
              width={32}
              height={32}
              alt={t("admin.theme.currentFavicon")}
              className="rounded border border-gray-300"
            />
            <AdminCheckbox name="remove_favicon" label={t("admin.theme.removeFavicon")} errors={errors} />
          </div>
        ) : (
          <p className="text-sm text-gray-700">{t("admin.theme.noFavicon")}</p>
        )}
        <AdminInput
          name="favicon"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          label={t("admin.theme.favicon")}
          hint={t("admin.theme.faviconHint", { max: MEDIA_MAX_MB })}
          errors={errors}
        />
      </AdminSection>
    </>
  );
}
