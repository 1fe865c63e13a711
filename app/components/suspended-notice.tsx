import { useI18n } from "#app/lib/i18n";
import type { StoreView } from "#app/presenters/store.server";
import { telHref, telShown } from "#common/tel";

/**
 * A site whose online bookings are paused says so before any search (issue 40, item 4): the spec's
 * sentence, and each store's phone to book by instead, dialable from abroad (E.164 link).
 */
export function SuspendedNotice({ stores }: { stores: StoreView[] }) {
  const { t, locale } = useI18n();
  const reachable = stores.filter((s) => s.tel);
  return (
    <section
      aria-labelledby="suspended-heading"
      className="rounded-xl border-2 border-amber-600 bg-amber-50 p-4 text-gray-900"
      data-testid="suspended-notice"
    >
      <h2 id="suspended-heading" className="text-lg font-bold">
        {t("suspended.heading")}
      </h2>
      <p className="mt-1">{t("reason.web_reserve_suspended")}</p>
      {reachable.length ? (
        <>
          <p className="mt-2">{t("suspended.callLead")}</p>
          <ul className="mt-2 grid gap-2" data-testid="suspended-phones">
            {reachable.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-x-3">
                <span className="font-semibold">{s.name}</span>
                <a
                  href={telHref(s.tel)}
                  className="link tap text-lg font-bold"
                  aria-label={t("suspended.callStore", { name: s.name, tel: telShown(s.tel, locale) })}
                >
                  {telShown(s.tel, locale)}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
