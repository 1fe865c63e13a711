import { Link } from "react-router";
import type { VacancyDisplay } from "../../../server/availability/vacancy";
import { useI18n } from "../../lib/i18n";
import type { OfferView } from "../../presenters/catalog.server";
import { CarSpecs } from "./car-specs";
import { FeeTable } from "./fee-table";
import { PriceSummary } from "./price";
import { RemainingMark } from "./remaining-mark";

/** One car type in the results: photo, specs, price for the period (or its fee table) and vacancy. */
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
  const car = offer.carType;
  const full = offer.remaining === 0 || offer.priceUnavailable;
  return (
    <li
      className={`grid gap-4 rounded-lg bg-white p-4 shadow-sm md:grid-cols-[220px_1fr_220px] ${full ? "opacity-90" : ""}`}
      data-testid="car-card"
      data-car-type-id={car.id}
      data-capacity={car.capacity}
      data-full={full ? "1" : "0"}
    >
      {display.showImages && car.images[0] ? (
        <img
          src={car.images[0]}
          alt={t("car.photo", { name: car.name })}
          width={640}
          height={400}
          loading="lazy"
          className="h-auto w-full rounded bg-gray-100"
        />
      ) : (
        <div className="hidden md:block" />
      )}
      <div>
        <p className="text-sm text-gray-700">{car.className}</p>
        <h2 className="text-lg font-bold" data-testid="car-name">
          {car.name}
        </h2>
        {car.modelNames ? <p className="mb-2 text-sm text-gray-700">{car.modelNames}</p> : null}
        <CarSpecs car={car} compact />
      </div>
      <div className="flex flex-col gap-3">
        {offer.remaining !== null && offer.mark ? (
          <RemainingMark remaining={offer.remaining} mark={offer.mark} display={display} />
        ) : null}
        {offer.price ? <PriceSummary price={offer.price} /> : null}
        {offer.priceUnavailable ? (
          <p className="font-semibold text-gray-800" data-testid="price-unavailable">
            {t("price.unavailable")}
          </p>
        ) : null}
        {!offer.price && offer.feeTable ? <FeeTable table={offer.feeTable} /> : null}
        <Link to={detailHref} className={full ? "link text-sm" : "btn-primary"} data-testid="car-detail-link">
          {t("car.detail", { name: car.name })}
        </Link>
      </div>
    </li>
  );
}
