import type { ReactNode } from "react";
import { useAdminFrame, useAdminI18n } from "#app/lib/admin";
import { AdminLanguageSwitch } from "./language-switch";
import { AdminFlashMessage } from "./page";

/** The frame of the pages before signing in: the site and the product above one card, the language at hand. */
export function AdminAuthFrame({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const { siteTitle } = useAdminFrame();
  const { t } = useAdminI18n();
  return (
    <main id="main" className="mx-auto grid max-w-md gap-4 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="block text-xs text-gray-700">{t("admin.product")}</span>
          <span className="font-bold" data-testid="admin-site-title">
            {siteTitle}
          </span>
        </p>
        <AdminLanguageSwitch />
      </div>
      <AdminFlashMessage />
      <div className="card grid gap-4 p-5">
        <h1 className="text-2xl font-bold" data-testid="page-title">
          {title}
        </h1>
        {lead ? <p className="text-gray-700">{lead}</p> : null}
        {children}
      </div>
    </main>
  );
}
