import { type MetaDescriptor, useRouteLoaderData } from "react-router";
import type { AdminMessageKey, AdminMessages } from "#app/i18n/admin/ja";
import { catalogueOf } from "#app/i18n/catalogue";
import { reasonMessage } from "#app/i18n/labels";
import { type TranslateParams, translateKey } from "#app/i18n/translate";
import type { loader as rootLoader } from "#app/root";
import { type AdminLocale, adminPath } from "#common/admin";
import type { ReasonLike } from "#common/app-error";
import type { Permission, StaffRole } from "#server/staff/permissions";
import type { AdminFlash } from "./admin.server";

export type { AdminFlash };

/** What every back-office page knows (the `admin` layout's loader data). */
export interface AdminFrame {
  siteId: string;
  siteTitle: string;
  /** The public site's top page. */
  publicPath: string;
  locale: AdminLocale;
  flash: AdminFlash | null;
  staff: {
    name: string;
    email: string;
    role: StaffRole;
    storeIds: readonly number[];
    twoFactorEnabled: boolean;
    /** An owner or manager without two-factor sign-in: every page reminds them. */
    twoFactorSuggested: boolean;
    /** What this person may do anywhere (a store-scoped right counts when they hold it for some store). */
    permissions: readonly Permission[];
  } | null;
}

export type AdminT = (key: AdminMessageKey, params?: TranslateParams) => string;

type AdminCatalogue = Partial<AdminMessages> & Record<string, string | undefined>;

/** The staff member's catalogue, from the root loader's choice (decision 029). */
function adminCatalogue(rootCatalogue: unknown): { name: "admin-ja" | "admin-en"; messages: AdminCatalogue } {
  const name = rootCatalogue === "admin-en" ? "admin-en" : "admin-ja";
  return { name, messages: catalogueOf(name) as AdminCatalogue };
}

/** The back office's translate function in the staff member's language (decision 029). */
export function useAdminI18n(): { locale: AdminLocale; t: AdminT; reasonText: (reason: ReasonLike) => string } {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { name, messages } = adminCatalogue(root?.catalogue);
  const locale = name === "admin-en" ? "en" : "ja";
  const t: AdminT = (key, params) => translateKey(messages, key, params, locale);
  return {
    locale,
    t,
    /** A refusal's message: the back office's own reasons first, then the site's (the same rules as the public forms). */
    reasonText(reason) {
      const own = `admin.reason.${reason.code}`;
      if (messages[own] !== undefined) return translateKey(messages, own as AdminMessageKey, reason.params, locale);
      const shared = reasonMessage(reason.code);
      return shared
        ? translateKey(messages as Record<string, string>, shared, reason.params)
        : t("admin.error.generic");
    },
  };
}

/** The back office's frame: site, staff member, flash. Only under `/admin/:siteId`. */
export function useAdminFrame(): AdminFrame {
  const frame = useRouteLoaderData("admin") as AdminFrame | undefined;
  if (!frame) throw new Error("useAdminFrame outside the back office");
  return frame;
}

/** A path of this site's back office. */
export function useAdminPath(): (path?: string) => string {
  const { siteId } = useAdminFrame();
  return (path = "") => adminPath(siteId, path);
}

/** Whether the signed-in staff member holds a right (to show what the server would allow). */
export function useCan(): (permission: Permission) => boolean {
  const { staff } = useAdminFrame();
  return (permission) => staff?.permissions.includes(permission) ?? false;
}

type AdminMetaMatch = { id?: string; loaderData?: unknown } | undefined;

/** Every back-office page is kept out of search indexes; a route's `meta` replaces its layout's, so each says it. */
export const ADMIN_NO_INDEX: MetaDescriptor = { name: "robots", content: "noindex, nofollow" };

/** `t()` for a route's `meta`, which runs above the i18n hook. */
export function adminMetaTranslate(matches: readonly AdminMetaMatch[]): AdminT {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { catalogue?: unknown } | undefined;
  const { messages } = adminCatalogue(root?.catalogue);
  return (key, params) => translateKey(messages, key, params);
}

/**
 * A back-office page's head (`export const meta`): its title (the page, from the staff member's
 * catalogue and the page's loader data; the site; the back office) and `noindex`.
 */
export function adminMeta<Data>(
  args: { matches: readonly AdminMetaMatch[]; loaderData?: Data },
  title: (t: AdminT, data: Data) => string,
): MetaDescriptor[] {
  const t = adminMetaTranslate(args.matches);
  const frame = args.matches.find((m) => m?.id === "admin")?.loaderData as AdminFrame | undefined;
  const page = title(t, args.loaderData as Data);
  return [{ title: `${page} | ${frame?.siteTitle ?? ""} ${t("admin.product")}` }, ADMIN_NO_INDEX];
}
