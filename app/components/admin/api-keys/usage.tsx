import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";

/** The JSON API's reference page (decision 033). */
const API_DOCS_PATH = "/api/v1/docs";

/** How a client calls the API: the two headers, and where the reference is. */
export function Usage({ siteId }: { siteId: string }) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.apiKeys.usageTitle")} testId="api-key-usage">
      <p>{t("admin.apiKeys.usageLead")}</p>
      <pre className="overflow-x-auto rounded-md bg-gray-100 px-3 py-2 font-mono text-sm" data-testid="api-key-headers">
        {`Authorization: Bearer ${t("admin.apiKeys.usageKey")}\nX-Site-Id: ${siteId}`}
      </pre>
      <p>
        {/* A document of its own (not a route of this app's router): a plain link. */}
        <a href={API_DOCS_PATH} className="link tap" data-testid="api-docs-link">
          {t("admin.apiKeys.docs")}
        </a>
      </p>
    </AdminSection>
  );
}
