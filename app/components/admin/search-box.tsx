import { Form, useLocation } from "react-router";
import { useAdminI18n, useAdminPath } from "#app/lib/admin";

/**
 * The header's search box on every back-office page (issue 41): a GET form to `/search?q=`, so it
 * works without JavaScript and its results can be bookmarked. Compact on a phone: one line under the bar.
 */
export function AdminSearchBox() {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const location = useLocation();
  const current = location.pathname.endsWith("/search") ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <Form
      method="get"
      action={path("/search")}
      role="search"
      aria-label={t("admin.search.label")}
      className="order-last flex w-full min-w-0 items-center gap-1 lg:order-none lg:w-auto lg:max-w-xs lg:flex-1"
      data-testid="admin-search"
    >
      <label htmlFor="admin-search-q" className="sr-only">
        {t("admin.search.label")}
      </label>
      <input
        id="admin-search-q"
        key={current}
        type="search"
        name="q"
        defaultValue={current}
        placeholder={t("admin.search.placeholder")}
        enterKeyHint="search"
        autoComplete="off"
        className="min-h-11 w-full min-w-0 rounded-md border border-blue-300 bg-white px-3 text-sm text-gray-900 placeholder:text-gray-600"
        data-testid="admin-search-input"
      />
      <button
        type="submit"
        className="min-h-11 shrink-0 rounded-md bg-white px-3 text-sm font-semibold text-blue-950"
        data-testid="admin-search-submit"
      >
        {t("admin.search.submit")}
      </button>
    </Form>
  );
}
