import { type ReactNode, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminFlash, useAdminFrame, useAdminI18n } from "#app/lib/admin";

/** A back-office page's title, what it is for, and its main actions. */
export function AdminPageHeader({
  title,
  lead,
  actions,
  back,
  backLabel,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  /** The list this page belongs to. */
  back?: string;
  /** Where `back` leads, when it is not a list. */
  backLabel?: string;
}) {
  const { t } = useAdminI18n();
  return (
    <header className="mb-5 grid gap-2">
      {back ? (
        <Link to={back} className="link tap w-fit text-sm" data-testid="back-link">
          ← {backLabel ?? t("admin.action.back")}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold" data-testid="page-title">
          {title}
        </h1>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {lead ? <p className="text-gray-700">{lead}</p> : null}
    </header>
  );
}

/** The one-time success or danger message the previous action left. */
export function AdminFlashMessage() {
  const { flash } = useAdminFrame();
  const { t } = useAdminI18n();
  const [closed, setClosed] = useState<AdminFlash | null>(null);
  // A flash belongs to the page it was left for; moving on hides it.
  const { key } = useLocation();
  const [shown, setShown] = useState({ flash, key });
  if (shown.flash !== flash) setShown({ flash, key });
  if (!flash || closed === flash || (shown.flash === flash && shown.key !== key)) return null;
  const danger = flash.kind === "danger";
  return (
    <div
      role={danger ? "alert" : "status"}
      className={`mb-4 flex items-start justify-between gap-3 rounded-md border px-4 py-3 font-semibold ${
        danger ? "border-red-300 bg-red-50 text-red-900" : "border-green-300 bg-green-50 text-green-900"
      }`}
      data-testid="flash"
      data-kind={flash.kind}
    >
      <p>{t(flash.key, flash.params)}</p>
      <button
        type="button"
        onClick={() => setClosed(flash)}
        className="-my-1 min-h-11 min-w-11 rounded px-2 underline"
        aria-label={t("admin.flash.dismiss")}
      >
        ×
      </button>
    </div>
  );
}

/** A form's primary button, which says it is at work while the request runs. */
export function SubmitButton({ children, intent, testId }: { children: ReactNode; intent?: string; testId?: string }) {
  const navigation = useNavigation();
  const { t } = useAdminI18n();
  const busy =
    navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      className="btn-primary"
      disabled={busy}
      data-testid={testId ?? "submit"}
    >
      {busy ? t("admin.action.saving") : children}
    </button>
  );
}

/** A card section of a form or page, with its heading. */
export function AdminSection({
  title,
  children,
  testId,
  id,
}: {
  title?: string;
  children: ReactNode;
  testId?: string;
  /** An anchor for a page's section links (it scrolls clear of a sticky bar). */
  id?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      className="card grid min-w-0 scroll-mt-20 gap-4 p-4 sm:p-5"
      data-testid={testId}
      id={id}
      aria-labelledby={title ? headingId : undefined}
    >
      {title ? (
        <h2 className="text-lg font-bold" id={headingId}>
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

/**
 * Deleting a row: a small form of its own that asks before it posts. Without JavaScript the
 * browser posts at once; the server's rules (in use, future bookings) still decide.
 */
export function DeleteForm({ label, testId }: { label?: string; testId?: string }) {
  const { t } = useAdminI18n();
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(t("admin.action.confirmDelete"))) event.preventDefault();
      }}
    >
      <CsrfField />
      <button
        type="submit"
        name="intent"
        value="delete"
        className="btn-secondary border-red-700 text-red-800"
        data-testid={testId ?? "delete"}
      >
        {label ?? t("admin.action.delete")}
      </button>
    </Form>
  );
}

/** Previous and next pages of a long list. */
export function AdminPager({ page, pages, link }: { page: number; pages: number; link: (page: number) => string }) {
  const { t } = useAdminI18n();
  if (pages <= 1) return null;
  return (
    <nav className="mt-4 flex flex-wrap items-center gap-3" aria-label={t("admin.vehicles.pages", { page, pages })}>
      {page > 1 ? (
        <Link to={link(page - 1)} className="btn-secondary" rel="prev">
          {t("admin.vehicles.prev")}
        </Link>
      ) : null}
      <span className="text-sm">{t("admin.vehicles.pages", { page, pages })}</span>
      {page < pages ? (
        <Link to={link(page + 1)} className="btn-secondary" rel="next">
          {t("admin.vehicles.next")}
        </Link>
      ) : null}
    </nav>
  );
}
