import { type AdminT, useAdminI18n } from "#app/lib/admin";
import type { SeoKind } from "#server/content/seo";

/** A page kind's name for people. */
export function seoKindLabel(t: AdminT, { kind, customPage }: Pick<SeoKind, "kind" | "customPage">): string {
  if (customPage) return t("admin.seo.kind.custom", { title: customPage.title || customPage.url });
  switch (kind) {
    case "top":
    case "reserve":
    case "car_type":
    case "fee":
    case "store":
    case "store_detail":
      return t(`admin.seo.kind.${kind}`);
    default:
      return t("admin.seo.kind.orphan", { kind });
  }
}

/** `seoKindLabel` in the staff member's language. */
export function useSeoKindLabel(): (kind: Pick<SeoKind, "kind" | "customPage">) => string {
  const { t } = useAdminI18n();
  return (kind) => seoKindLabel(t, kind);
}
