import { Link } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page";
import { AdminTable } from "#app/components/admin/table";
import type { AdminMessageKey } from "#app/i18n/admin";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { type UntranslatedText, untranslatedTexts } from "#server/content/translations";
import type { Route } from "./+types/translations";

/**
 * `/translations` (issue 41): for each language the public site serves, the texts staff wrote in
 * Japanese and not yet in that language, each leading to the page where it is edited.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  return { languages: await untranslatedTexts(db, siteId, actor) };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.translations.title"));

/** Where each kind of text is edited. */
function editPath(item: UntranslatedText): string {
  switch (item.kind) {
    case "site":
      return item.field === "pageEditTop" ? "/pages/top" : "/settings";
    case "store":
      return `/stores/${item.id}`;
    case "class":
      return `/classes/${item.id}`;
    case "carType":
      return `/car-types/${item.id}`;
    case "option":
      return `/options/${item.id}`;
    case "news":
      return `/news/${item.id}`;
    case "page":
      return `/pages/${item.id}`;
  }
}

const LANGUAGE_NAME: Record<string, AdminMessageKey> = {
  en: "admin.reports.language.en",
  ko: "admin.reports.language.ko",
  "zh-TW": "admin.reports.language.zh-TW",
};

const excerpt = (text: string) => {
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > 60 ? `${plain.slice(0, 60)}…` : plain;
};

export default function AdminTranslations({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  return (
    <>
      <AdminPageHeader
        title={t("admin.translations.title")}
        lead={t("admin.translations.lead")}
        back={path("/settings")}
        backLabel={t("admin.nav.settings")}
      />
      <div className="grid gap-6">
        {loaderData.languages.map(({ locale, items }) => {
          const language = t(LANGUAGE_NAME[locale] ?? "admin.reports.language.en");
          return (
            <section
              key={locale}
              className="grid gap-3"
              data-testid={`translations-${locale}`}
              aria-labelledby={`lang-${locale}`}
            >
              <h2 id={`lang-${locale}`} className="text-lg font-bold">
                {t("admin.translations.language", { language, count: items.length })}
              </h2>
              <AdminTable
                caption={t("admin.translations.language", { language, count: items.length })}
                rows={items}
                rowKey={(i) => `${i.kind}:${i.id ?? ""}:${i.field}`}
                testId={`untranslated-${locale}`}
                empty={t("admin.translations.allDone")}
                columns={[
                  {
                    key: "what",
                    header: t("admin.translations.what"),
                    cell: (i) => (
                      <span>
                        <span className="text-gray-600">{t(`admin.translations.kind.${i.kind}`)}</span>{" "}
                        {i.kind === "site" ? null : (
                          <span lang="ja" className="font-semibold">
                            {i.name}
                          </span>
                        )}
                        <span className="block text-sm">
                          {t(`admin.translations.field.${i.field}` as AdminMessageKey)}
                        </span>
                      </span>
                    ),
                  },
                  {
                    key: "ja",
                    header: t("admin.translations.japanese"),
                    cell: (i) => <span lang="ja">{excerpt(i.ja)}</span>,
                  },
                  {
                    key: "edit",
                    header: t("admin.translations.edit"),
                    cell: (i) => (
                      <Link
                        to={path(editPath(i))}
                        className="link tap font-semibold"
                        aria-label={t("admin.translations.editOf", {
                          what: `${i.kind === "site" ? "" : `${i.name} `}${t(`admin.translations.field.${i.field}` as AdminMessageKey)}`,
                        })}
                      >
                        {t("admin.translations.edit")}
                      </Link>
                    ),
                  },
                ]}
              />
            </section>
          );
        })}
      </div>
    </>
  );
}
