import { useI18n } from "#app/lib/i18n";
import type { QuoteView } from "#app/presenters/booking.server";
import type { customerView } from "#app/presenters/reserve-confirm.server";
import { PeriodText } from "./booking-summary";

/** The read-only parts of the booking's confirmation (app/routes/reserve/confirm.tsx). */

/** The car, the stores, the period and the options chosen. */
export function ConfirmCar({ quote }: { quote: QuoteView }) {
  const { t } = useI18n();
  const chosenOptions = quote.options.filter((o) => o.quantity > 0);
  return (
    <section aria-labelledby="car-heading" className="card p-4" data-testid="confirm-car">
      <h2 id="car-heading" className="font-bold">
        {t("confirm.car")}
      </h2>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">{t("confirm.departureStore")}</dt>
        <dd data-testid="confirm-store">{quote.store.name}</dd>
        <dt className="text-gray-700">{t("confirm.returnStore")}</dt>
        <dd data-testid="confirm-return-store">{quote.store.name}</dd>
        <dt className="text-gray-700">{t("confirm.period")}</dt>
        <dd data-testid="confirm-period">{quote.period ? <PeriodText period={quote.period} /> : null}</dd>
        <dt className="text-gray-700">{t("confirm.class")}</dt>
        <dd>
          {quote.car.className} · <span data-testid="confirm-car-name">{quote.car.name}</span>
        </dd>
        <dt className="text-gray-700">{t("confirm.options")}</dt>
        <dd data-testid="confirm-options">
          {chosenOptions.length
            ? chosenOptions.map((o) => t("confirm.optionLine", { name: o.name, n: o.quantity })).join("、")
            : t("confirm.noOptions")}
        </dd>
        {quote.immunity ? (
          <>
            <dt className="text-gray-700">{t("confirm.immunity")}</dt>
            <dd>{quote.immunity.chosen ? t("confirm.immunityYes") : t("confirm.immunityNo")}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** The borrower and the driver as the customer step took them. */
export function ConfirmCustomer({ customer }: { customer: ReturnType<typeof customerView> }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="customer-heading" className="card p-4" data-testid="confirm-customer">
      <div className="flex items-start justify-between gap-3">
        <h2 id="customer-heading" className="font-bold">
          {t("confirm.customer")}
        </h2>
      </div>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">{t("confirm.borrower")}</dt>
        <dd data-testid="confirm-borrower">
          {customer.borrower.company ? <>{customer.borrower.company} </> : null}
          {customer.borrower.name}
          {customer.borrower.kana ? <span className="text-gray-700"> ({customer.borrower.kana})</span> : null}
        </dd>
        <dt className="text-gray-700">{t("confirm.email")}</dt>
        <dd className="break-all">{customer.borrower.email}</dd>
        <dt className="text-gray-700">{t("confirm.tel")}</dt>
        <dd data-testid="confirm-tel">{customer.borrower.tel}</dd>
        {customer.borrower.address ? (
          <>
            <dt className="text-gray-700">{t("confirm.address")}</dt>
            <dd className="break-words" data-testid="confirm-address">
              {customer.borrower.address}
            </dd>
          </>
        ) : null}
        <dt className="text-gray-700">{t("confirm.driver")}</dt>
        <dd data-testid="confirm-driver">
          {customer.driver.sameAsBorrower ? t("confirm.driverSame") : customer.driver.name}
        </dd>
      </dl>
    </section>
  );
}
