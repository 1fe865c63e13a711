import type { ReactNode } from "react";
import { Link } from "react-router";
import type { VacancyDisplay } from "../../../server/availability/vacancy";
import { codeLabel, MISSION_LABEL, SMOKING_LABEL } from "../../i18n/labels";
import { useI18n } from "../../lib/i18n";
import type { OfferView } from "../../presenters/catalog.server";
import { FeeTable } from "./fee-table";
import { useYen } from "./price";
import { RemainingMark } from "./remaining-mark";

/** A 16 px line icon beside its text; the text says it, so the icon is hidden from screen readers. */
function Icon({ children, filled = false }: { children: ReactNode; filled?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      className="shrink-0"
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}

const SEAT = <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-4 0-7 2-7 4.5V20h14v-1.5C19 16 16 14 12 14Z" />;
const GEARS = <path d="M6 4v16M12 4v16M18 4v8M6 12h12" />;
const CIGARETTE = <path d="M3 15h14v3H3zM19 15v3M21 15v3" />;
const STRIKE = <path d="M4 4l16 16" />;

/** What the total includes: the collision damage waiver in it, or its price per day when left out. */
function TotalIncludes({ offer }: { offer: OfferView }) {
  const { t } = useI18n();
  const yen = useYen();
  if (!offer.price || offer.immunityPerDay === null) return null;
  return (
    <p
      className="text-xs text-gray-700"
      data-testid="price-includes"
      data-immunity={offer.price.immunityFee ? "in" : "out"}
    >
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
      className="card grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-2 p-3 sm:grid-cols-[10rem_1fr_auto] sm:items-center sm:gap-x-5 sm:p-4"
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
          alt={t("car.photo", { name: car.name })}
          width={320}
          height={200}
          loading="lazy"
          className="aspect-[8/5] w-full rounded-md bg-gray-100 object-cover"
        />
      ) : (
        <div aria-hidden="true" className="aspect-[8/5] w-full rounded-md bg-gray-100" />
      )}
      <div className="min-w-0">
        <p className="text-xs text-gray-700">{car.className}</p>
        <h2 className="font-bold leading-snug sm:text-lg" data-testid="car-name">
          {car.name}
        </h2>
        {car.modelNames ? <p className="truncate text-xs text-gray-700">{car.modelNames}</p> : null}
        <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-gray-800" data-testid="car-facts">
          <li className="inline-flex items-center gap-1">
            <Icon filled>{SEAT}</Icon>
            {t("car.capacityValue", { n: car.capacity })}
          </li>
          <li className="inline-flex items-center gap-1">
            <Icon>{GEARS}</Icon>
            {t(codeLabel(MISSION_LABEL, car.transmission))}
          </li>
          <li className="inline-flex items-center gap-1">
            <Icon>
              {CIGARETTE}
              {car.smoking === 2 ? null : STRIKE}
            </Icon>
            {t(codeLabel(SMOKING_LABEL, car.smoking))}
          </li>
          {car.isFourWd ? <li className="rounded bg-gray-100 px-1 font-semibold">{t("car.fourWd")}</li> : null}
        </ul>
      </div>
      <div className="col-span-2 flex items-end justify-between gap-3 border-t border-gray-100 pt-2 sm:col-span-1 sm:min-w-52 sm:flex-col sm:items-stretch sm:border-0 sm:pt-0">
        <div className="grid gap-0.5">
          <div className="flex flex-wrap items-center gap-1.5">
            {offer.remaining !== null && offer.mark ? (
              <RemainingMark remaining={offer.remaining} mark={offer.mark} display={display} />
            ) : null}
            {offer.highSeason && offer.price ? (
              <span
                className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-950"
                data-testid="high-season"
              >
                {t("card.highSeason")}
              </span>
            ) : null}
          </div>
          {offer.price ? (
            <>
              <p className="text-xs text-gray-700">{t("price.total")}</p>
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
