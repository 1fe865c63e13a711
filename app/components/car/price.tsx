import { useI18n } from "#app/lib/i18n";
import { OPTION_PRICE_UNIT } from "#common/codes";
import { formatYen } from "#common/format";
import type { PriceBreakdown } from "#server/pricing/price";

export function useYen() {
  const { locale } = useI18n();
  return (amount: number) => formatYen(amount, locale);
}

/** An option's price per rental or per day, or "free". */
export function useOptionPrice() {
  const { t } = useI18n();
  const yen = useYen();
  return (o: { price: number; priceUnit: number }) =>
    o.price === 0
      ? t("price.free")
      : t("fee.pricePer", {
          price: yen(o.price),
          unit: o.priceUnit === OPTION_PRICE_UNIT.perDay ? t("fee.perDay") : t("fee.perRental"),
        });
}

/** Total with its parts: rental fee, immunity and options, tax included. */
export function PriceSummary({ price, withTotal = true }: { price: PriceBreakdown; withTotal?: boolean }) {
  const { t } = useI18n();
  const yen = useYen();
  return (
    <div data-testid="price">
      {withTotal ? (
        <>
          <p className="text-sm text-gray-700">{t("price.total")}</p>
          <p className="price text-2xl font-bold" data-testid="price-total" data-amount={price.total}>
            {yen(price.total)}
          </p>
        </>
      ) : null}
      <dl className="mt-1 grid grid-cols-[1fr_max-content] gap-x-3 text-xs text-gray-700" data-testid="price-breakdown">
        <dt>{t("price.rent")}</dt>
        <dd data-testid="price-rent">{yen(price.rentCarFee)}</dd>
        {price.immunityFee ? (
          <>
            <dt>
              {t("price.immunity")} ({t("price.days", { n: price.rentalDays })})
            </dt>
            <dd data-testid="price-immunity">{yen(price.immunityFee)}</dd>
          </>
        ) : null}
        {price.optionFee ? (
          <>
            <dt>{t("price.options")}</dt>
            <dd>{yen(price.optionFee)}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
