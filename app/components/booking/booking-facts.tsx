import { useId } from "react";
import { useYen } from "#app/components/car/price";
import { useI18n } from "#app/lib/i18n";
import { factsWords } from "#app/presenters/booking-facts";
import type { BookingFacts } from "#server/reservations/booking-facts";

/**
 * What the customer must know before paying and on the day (issue 40, item 2): the passengers,
 * what the total includes and leaves out (the damage waiver, the NOC), the cancellation rule from
 * the site's one setting, and the papers to bring by the driver's licence type. The confirmation
 * and the completion page show it; the mails print the same words. One self-contained card, so it
 * sits in a single column or beside a summary alike.
 */
export function BookingFactsCard({ facts }: { facts: BookingFacts }) {
  const { t, tp } = useI18n();
  const yen = useYen();
  const words = factsWords(facts, { t, tp, yen });
  const id = useId();
  const sub = "mt-4 text-sm font-bold";
  return (
    <section aria-labelledby={`${id}-title`} className="card p-4 text-sm" data-testid="booking-facts">
      <h2 id={`${id}-title`} className="text-base font-bold">
        {t("facts.title")}
      </h2>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4">
        <dt className="text-gray-700">{t("facts.passengers")}</dt>
        <dd className="font-semibold" data-testid="facts-passengers">
          {words.passengers}
        </dd>
      </dl>

      <h3 className={sub}>{t("facts.included")}</h3>
      <ul className="mt-1 list-disc pl-5" data-testid="facts-included">
        {words.included.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {words.excluded.length ? (
        <>
          <h3 className={sub}>{t("facts.excluded")}</h3>
          <ul className="mt-1 list-disc pl-5" data-testid="facts-excluded">
            {words.excluded.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}

      <h3 className={sub}>{t("facts.cancel")}</h3>
      <div data-testid="facts-cancel-rule">
        {words.rule.length ? (
          <>
            <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-gray-50 p-3">
              {words.rule.map(([when, cost]) => (
                <div key={when} className="contents">
                  <dt>{when}</dt>
                  <dd className="text-right font-semibold">{cost}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-1 text-gray-700">{t("facts.cancelNote")}</p>
          </>
        ) : (
          <p className="mt-1">{words.ruleNone}</p>
        )}
      </div>

      <h3 className={sub}>{t("facts.bring")}</h3>
      <div data-testid="facts-bring">
        <p className="mt-1">{words.bring.lead}</p>
        <ul className="mt-1 list-disc pl-5">
          {words.bring.items.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {words.bring.note ? <p className="mt-1 font-semibold">{words.bring.note}</p> : null}
      </div>
    </section>
  );
}
