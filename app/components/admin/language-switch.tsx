import { Form, useLocation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { useAdminFrame, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { ADMIN_LOCALES } from "#common/admin";

/**
 * Japanese or English for the back office, remembered: on the account once signed in, in a cookie
 * before. A new document follows, so every text on the page changes at once.
 */
export function AdminLanguageSwitch({ tone = "light" }: { tone?: "light" | "dark" }) {
  const { t, locale } = useAdminI18n();
  const { siteId } = useAdminFrame();
  const path = useAdminPath();
  const location = useLocation();
  return (
    <Form
      method="post"
      action={path("/language")}
      reloadDocument
      className="flex items-center gap-1"
      data-testid="language-switch"
    >
      <CsrfField />
      <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
      <span className="sr-only">{t("admin.lang.label")}</span>
      {ADMIN_LOCALES.map((l) => (
        <button
          key={l}
          type="submit"
          name="locale"
          value={l}
          lang={l}
          aria-current={l === locale ? "true" : undefined}
          data-site={siteId}
          className={`min-h-11 rounded px-2 text-sm ${
            l === locale
              ? tone === "dark"
                ? "bg-white font-bold text-blue-950"
                : "bg-blue-900 font-bold text-white"
              : tone === "dark"
                ? "text-white underline"
                : "text-blue-900 underline"
          }`}
        >
          {t(l === "ja" ? "admin.lang.ja" : "admin.lang.en")}
        </button>
      ))}
    </Form>
  );
}
