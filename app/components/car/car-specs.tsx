import { DescriptionList } from "#app/components/ui/description-list";
import { codeLabel, FUEL_LABEL, MISSION_LABEL, SMOKING_LABEL } from "#app/i18n/labels";
import type { MessageKey } from "#app/i18n/messages";
import { useI18n } from "#app/lib/i18n";
import type { CarTypeSummary } from "#app/presenters/catalog.server";

/** Capacity, engine, doors, fuel, transmission, smoking, navigation, ETC and 4WD. */
export function CarSpecs({ car, compact = false }: { car: CarTypeSummary; compact?: boolean }) {
  const { t } = useI18n();
  const yesNo = (v: boolean) => (v ? t("car.yes") : t("car.no"));
  const rows: [MessageKey, string][] = [
    ["car.capacity", t("car.capacityValue", { n: car.capacity })],
    ["car.transmission", t(codeLabel(MISSION_LABEL, car.transmission))],
    ["car.smoking", t(codeLabel(SMOKING_LABEL, car.smoking))],
    ["car.fuel", t(codeLabel(FUEL_LABEL, car.fuel))],
  ];
  if (car.displacementCc) rows.push(["car.displacement", t("car.displacementValue", { cc: car.displacementCc })]);
  if (car.doors) rows.push(["car.doors", t("car.doorsValue", { n: car.doors })]);
  rows.push(
    ["car.navigation", yesNo(car.hasNavigation)],
    ["car.etc", yesNo(car.hasEtc)],
    ["car.fourWd", yesNo(car.isFourWd)],
  );
  return <DescriptionList rows={rows.map(([key, value]) => [t(key), value])} wide={compact} testId="car-specs" />;
}
