import { Link } from "react-router";
import { codeLabel, MISSION_LABEL, SMOKING_LABEL } from "#app/i18n/labels";
import { useI18n } from "#app/lib/i18n";
import type { OfferView } from "#app/presenters/catalog.server";
import type { VacancyDisplay } from "#server/availability/vacancy";
import { FeeTable } from "./fee-table";
import { useYen } from "./price";
import { RemainingMark } from "./remaining-mark";

/** A 16 px line icon of the sprite beside its text; the text says it, so the icon is hidden from screen readers. */
function Icon({ name, filled = false }: { name: string; filled?: boolean }) {
  return (
    <svg aria-hidden="true" className={filled ? "icon icon-fill" : "icon"}>
      <use href={`#${name}`} />
    </svg>
  );
}

/** The card icons, once per page instead of once per card (issue 22: HTML weight). */
export function CarIconSprite() {
  return (
    <svg aria-hidden="true" className="icon-sprite">
      <symbol id="icon-seat" viewBox="0 0 24 24">
        <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-4 0-7 2-7 4.5V20h14v-1.5C19 16 16 14 12 14Z" />
      </symbol>
      <symbol id="icon-gears" viewBox="0 0 24 24">
        <path d="M6 4v16M12 4v16M18 4v8M6 12h12" />
      </symbol>
      <symbol id="icon-smoking" viewBox="0 0 24 24">
        <path d="M3 15h14v3H3zM19 15v3M21 15v3" />
      </symbol>
      <symbol id="icon-no-smoking" viewBox="0 0 24 24">
        <path d="M3 15h14v3H3zM19 15v3M21 15v3M4 4l16 16" />
      </symbol>
    </svg>
  );
}

/** What the total includes: the collision damage waiver in it, or its price per day when left out. */
function TotalIncludes({ offer }: { offer: OfferView }) {
  const { t } = useI18n();
  const yen = useYen();
  if (!offer.price || offer.immunityPerDay === null) return null;
  return (
    <p className="fine-print" data-testid="price-includes" data-immunity={offer.price.immunityFee ? "in" : "out"}>
      {offer.price.immunityFee
        ? t("card.includesImmunity", { amount: yen(offer.price.immunityFee) })
        : t("card.immunityOptional", { amount: yen(offer.immunityPerDay) })}
    </p>
  );
}

/**
 * One car type in the results, compact enough for a phone: photo, name, seats, transmission and
 * smoking, vacancy, the total and what it includes, and one primary button.
 */
export function CarCard({
  offer,
  detailHref,
  display,
}: {
  offer: OfferView;
  detailHref: string;
  display: VacancyDisplay;
}) {
  const { t } = useI18n();
  const yen = useYen();
  const car = offer.carType;
  const full = offer.remaining === 0 || offer.priceUnavailable;
  const cheapest = offer.feeTable?.rows.reduce((min, r) => Math.min(min, r.price), Number.POSITIVE_INFINITY);
  return (
    <li
      className="card car-card"
      data-testid="car-card"
      data-car-type-id={car.id}
      data-capacity={car.capacity}
      data-fwd={car.isFourWd ? "1" : "0"}
      data-smoking={car.smoking}
      data-mission={car.transmission}
      data-full={full ? "1" : "0"}
    >
      {display.showImages && car.images[0] ? (
        <img
          src={car.images[0]}
          // The photo's box is 6.5rem wide on a phone and 10rem from `sm` (app.css .car-card): the
          // 320×200 variant fills it on a dense screen; the 1280×800 one stays the fallback.
          srcSet={car.thumbnail ? `${car.thumbnail} 320w, ${car.images[0]} 1280w` : undefined}
          sizes={car.thumbnail ? "(min-width: 640px) 10rem, 6.5rem" : undefined}
          alt={t("car.photo", { name: car.name })}
          width={320}
          height={200}
          loading="lazy"
          className="car-photo"
        />
      ) : (
        <div aria-hidden="true" className="car-photo" />
      )}
      <div className="min-w-0">
        <p className="fine-print">{car.className}</p>
        <h2 className="font-bold leading-snug sm:text-lg" data-testid="car-name">
          {car.name}
        </h2>
        {car.modelNames ? <p className="fine-print truncate">{car.modelNames}</p> : null}
        <ul className="car-facts" data-testid="car-facts">
          <li>
            <Icon name="icon-seat" filled />
            {t("car.capacityValue", { n: car.capacity })}
          </li>
          <li>
            <Icon name="icon-gears" />
            {t(codeLabel(MISSION_LABEL, car.transmission))}
          </li>
          <li>
            <Icon name={car.smoking === 2 ? "icon-smoking" : "icon-no-smoking"} />
            {t(codeLabel(SMOKING_LABEL, car.smoking))}
          </li>
          {car.isFourWd ? <li className="rounded bg-gray-100 px-1 font-semibold">{t("car.fourWd")}</li> : null}
        </ul>
      </div>
      <div className="car-buy">
        <div className="grid gap-0.5">
          <div className="flex flex-wrap items-center gap-1.5">
            {offer.remaining !== null && offer.mark ? (
              <RemainingMark remaining={offer.remaining} mark={offer.mark} display={display} />
            ) : null}
            {offer.highSeason && offer.price ? (
              <span className="badge-season" data-testid="high-season">
                {t("card.highSeason")}
              </span>
            ) : null}
          </div>
          {offer.price ? (
            <>
              <p className="fine-print">{t("price.total")}</p>
              <p
                className="price text-xl font-bold leading-tight"
                data-testid="price-total"
                data-amount={offer.price.total}
              >
                {yen(offer.price.total)}
              </p>
              <TotalIncludes offer={offer} />
            </>
          ) : null}
          {offer.priceUnavailable ? (
            <p className="text-sm font-semibold text-gray-800" data-testid="price-unavailable">
              {t("price.unavailable")}
            </p>
          ) : null}
          {!offer.price && offer.feeTable && cheapest !== undefined && Number.isFinite(cheapest) ? (
            <p className="price text-lg font-bold" data-testid="price-from">
              {t("card.feeFrom", { amount: yen(cheapest) })}
            </p>
          ) : null}
        </div>
        <Link
          to={detailHref}
          className={`${full ? "btn-secondary" : "btn-primary"} shrink-0`}
          data-testid="car-detail-link"
          aria-label={full ? t("car.detail", { name: car.name }) : t("card.selectNamed", { name: car.name })}
        >
          {full ? t("card.details") : t("card.select")}
        </Link>
      </div>
      {!offer.price && offer.feeTable ? (
        <details className="disclosure col-span-full border-t border-gray-100 pt-1 text-sm sm:col-span-3">
          <summary>{t("card.feeTable")}</summary>
          <FeeTable table={offer.feeTable} />
        </details>
      ) : null}
    </li>
  );
}
