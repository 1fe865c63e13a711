import type { CSSProperties } from "react";
import { useAdminFrame, useAdminI18n } from "#app/lib/admin";
import { useI18n } from "#app/lib/i18n";
import { siteTheme, themeContrast } from "#common/theme";

/** The stored logo, and whether the header shows it smaller than it is. */
export type ThemeLogo = { imgPath: string; width: number; height: number; resize: boolean };

/** The public header as it will look: the logo or the title on the theme colour, in the font colour. */
export function HeaderPreview({
  siteColor,
  fontColor,
  logo,
}: {
  siteColor: string;
  fontColor: string;
  logo: ThemeLogo | null;
}) {
  const { t } = useAdminI18n();
  const { t: siteT } = useI18n();
  const { siteTitle } = useAdminFrame();
  const theme = siteTheme(siteColor, fontColor || null);
  const contrast = themeContrast(theme);
  const style = { "--site-color": theme.siteColor, "--site-font-color": theme.fontColor } as CSSProperties;
  return (
    <figure className="grid gap-3" data-testid="theme-preview">
      <figcaption className="text-sm font-semibold text-gray-800">{t("admin.theme.preview")}</figcaption>
      {/* A picture of the header, not a part of this page: inert (WCAG 1.4.3's incidental text), its
          colours and contrast are said in words below, so a poor choice can be shown as it is. */}
      <div
        inert
        className="site-theme overflow-hidden rounded-lg shadow"
        style={style}
        data-testid="preview-header"
        data-font-color={theme.fontColor}
      >
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
          {logo ? (
            <img
              src={logo.imgPath}
              width={logo.width}
              height={logo.height}
              alt={siteTitle}
              className={`logo-image${logo.resize ? " logo-resize" : ""}`}
              data-testid="preview-logo"
            />
          ) : (
            <span className="text-lg font-bold sm:text-xl" data-testid="preview-title">
              {siteTitle}
            </span>
          )}
          <span className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-semibold">
            <span>{siteT("nav.search")}</span>
            <span>{siteT("nav.fee")}</span>
            <span>{siteT("nav.store")}</span>
          </span>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-700">{t("admin.theme.computedFont")}</dt>
        <dd className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block h-4 w-4 rounded border border-gray-400"
            style={{ backgroundColor: theme.fontColor }}
          />
          <code data-testid="preview-font-color">{theme.fontColor}</code>
          <span className="text-gray-700">
            {fontColor ? t("admin.theme.fontOverridden") : t("admin.theme.fontAuto")}
          </span>
        </dd>
        <dt className="text-gray-700">{t("admin.theme.contrast")}</dt>
        <dd data-testid="preview-contrast">{`${contrast.ratio.toFixed(1)} : 1`}</dd>
      </dl>
      <div aria-live="polite">
        {contrast.sufficient ? null : (
          <p
            className="rounded-md border-2 border-amber-500 bg-amber-50 px-4 py-3 text-amber-950"
            data-testid="contrast-warning"
          >
            {t("admin.theme.contrastWarning", {
              ratio: contrast.ratio.toFixed(1),
              best: contrast.bestText === "#000000" ? t("admin.theme.black") : t("admin.theme.white"),
            })}
          </p>
        )}
      </div>
    </figure>
  );
}
