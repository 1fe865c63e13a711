import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AdminMessageKey } from "#app/i18n/admin";
import { useAdminI18n } from "#app/lib/admin";
import type { PersonView } from "#app/presenters/counter.server";
import type { RentalStage } from "#common/counter";
import { formatYen } from "#common/format";
import { telHref } from "#common/tel";
import { StageBadge, StoreTime, Yen } from "./counter";
import { AdminSection } from "./page";

/** Labelled facts, one per line on a phone and label beside value from a tablet up; an empty value shows a dash. */
export function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-gray-700">{label}</dt>
          <dd className="mb-2 break-words sm:mb-0">
            {value === "" || value === null || value === undefined ? "—" : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The borrower or the driver: name, company, phone (a link to call), mail, address, licence, birth date. */
export function Person({ person, title, testId }: { person: PersonView | null; title: string; testId: string }) {
  const { t } = useAdminI18n();
  if (!person) return null;
  const optional = (label: string, value: string): [string, ReactNode][] => (value ? [[label, value]] : []);
  return (
    <AdminSection title={title} testId={testId}>
      <Facts
        rows={[
          [t("admin.counter.name"), person.kana ? `${person.name}（${person.kana}）` : person.name],
          ...optional(t("admin.counter.company"), person.company),
          [
            t("admin.counter.tel"),
            person.tel ? (
              <a key="tel" href={telHref(person.tel)} className="link">
                {person.tel}
              </a>
            ) : (
              ""
            ),
          ],
          [t("admin.counter.email"), person.email],
          [t("admin.counter.address"), person.address],
          ...optional(t("admin.counter.license"), person.licenseNumber),
          ...optional(t("admin.counter.birthdate"), person.birthdate),
        ]}
      />
    </AdminSection>
  );
}

export interface SummaryFacts {
  stage: RentalStage;
  customer: { name: string; tel: string } | null;
  carType: string;
  plate: string | null;
  startAt: Date;
  endAt: Date;
  timeZone: string;
  /** What the booking comes to: the fees and any extras, or the cancellation's fee. */
  owed: number;
  /** Yen received, less yen refunded (the ledger's succeeded outcomes). */
  received: number;
}

/**
 * The top of a booking's page (issue 41): its state, who, which car, when, and what is still owed,
 * with the actions its state allows (`actions`, built by the page).
 */
export function ReservationSummary({ facts, actions }: { facts: SummaryFacts; actions: ReactNode }) {
  const { t, locale } = useAdminI18n();
  const due = facts.owed - facts.received;
  const cell = (label: string, value: ReactNode, testId: string) => (
    <div className="grid min-w-0 content-start gap-0.5" data-testid={testId}>
      <dt className="text-xs font-semibold text-gray-600">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </div>
  );
  return (
    <section className="card grid gap-4 p-4 sm:p-5" aria-labelledby="summary-title" data-testid="reservation-summary">
      <h2 id="summary-title" className="sr-only">
        {t("admin.resPage.summary")}
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 xl:grid-cols-6">
        {cell(t("admin.resPage.status"), <StageBadge stage={facts.stage} />, "summary-status")}
        {cell(
          t("admin.resPage.customer"),
          facts.customer ? (
            <>
              <span className="block font-semibold">{facts.customer.name}</span>
              {facts.customer.tel ? (
                <a href={telHref(facts.customer.tel)} className="link text-sm">
                  {facts.customer.tel}
                </a>
              ) : null}
            </>
          ) : (
            "—"
          ),
          "summary-customer",
        )}
        {cell(
          t("admin.resPage.car"),
          <>
            <span className="block">{facts.carType}</span>
            {facts.plate ? (
              <span className="block font-semibold">{facts.plate}</span>
            ) : (
              <span className="block font-semibold text-red-800">{t("admin.counter.noCarYet")}</span>
            )}
          </>,
          "summary-car",
        )}
        <div
          className="col-span-2 grid min-w-0 content-start gap-0.5 sm:col-span-1 xl:col-span-1"
          data-testid="summary-period"
        >
          <dt className="text-xs font-semibold text-gray-600">{t("admin.resPage.period")}</dt>
          <dd className="text-sm">
            <StoreTime at={facts.startAt} timeZone={facts.timeZone} />
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> – </span>
            <br />
            <StoreTime at={facts.endAt} timeZone={facts.timeZone} />
          </dd>
        </div>
        {cell(
          t("admin.resPage.total"),
          <span className="text-lg font-bold">
            <Yen amount={facts.owed} />
          </span>,
          "summary-total",
        )}
        {cell(
          t("admin.resPage.due"),
          due > 0 ? (
            <span className="text-lg font-bold text-red-800" data-due={due}>
              <Yen amount={due} />
            </span>
          ) : due < 0 ? (
            <span className="font-semibold" data-due={due}>
              {t("admin.resPage.overpaid", { amount: formatYen(-due, locale) })}
            </span>
          ) : (
            <span className="font-semibold text-green-800" data-due={0}>
              {t("admin.resPage.settled")}
            </span>
          ),
          "summary-due",
        )}
      </dl>
      <div className="grid gap-2 border-t border-gray-200 pt-4">
        <h3 className="sr-only">{t("admin.resPage.actions")}</h3>
        <div className="flex flex-wrap items-center gap-2" data-testid="summary-actions">
          {actions}
        </div>
      </div>
    </section>
  );
}

export interface PageSection {
  id: string;
  label: AdminMessageKey;
}

/**
 * Links to the page's sections, sticky at the top while the page scrolls (no script needed); on a
 * phone the row scrolls sideways in itself, so it is focusable and named.
 */
export function ReservationSectionNav({ sections }: { sections: readonly PageSection[] }) {
  const { t } = useAdminI18n();
  return (
    <nav
      aria-label={t("admin.resPage.sections")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a row that scrolls sideways must be reachable by keyboard
      tabIndex={0}
      className="sticky top-0 z-20 -mx-3 overflow-x-auto border-b border-gray-200 bg-gray-50/95 px-3 backdrop-blur sm:mx-0 sm:rounded-md sm:border sm:bg-white/95 print:hidden"
      data-testid="section-nav"
    >
      <ul className="flex gap-1 py-1 whitespace-nowrap">
        {sections.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-blue-900 hover:bg-blue-50"
            >
              {t(s.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An action of the summary: a link styled as the primary or a secondary button. */
export function SummaryAction({
  to,
  primary,
  testId,
  children,
}: {
  to: string;
  primary?: boolean;
  testId: string;
  children: ReactNode;
}) {
  const className = primary ? "btn-primary" : "btn-secondary";
  return to.startsWith("#") ? (
    <a href={to} className={className} data-testid={testId}>
      {children}
    </a>
  ) : (
    <Link to={to} className={className} data-testid={testId}>
      {children}
    </Link>
  );
}
