import { codeLabel, FEE_MODE_LABEL, FEE_TIER_LABEL } from "#app/i18n/labels";
import { useI18n } from "#app/lib/i18n";
import { formatIsoDate } from "#common/format";
import type { FeeRow, FeeTable as FeeTableData } from "#server/pricing/fee-table";
import { useYen } from "./price";
import { PriceTable } from "./price-table";

function useTierLabel() {
  const { t } = useI18n();
  return (row: FeeRow) => {
    if (row.tier === "nights")
      return row.n === 1 ? t("fee.tier.nights1") : t("fee.tier.nights", { n: row.n ?? 0, days: (row.n ?? 0) + 1 });
    return t(FEE_TIER_LABEL[row.tier], row.n === undefined ? undefined : { n: row.n });
  };
}

/** A fee plan's tiers as a table (hours, nights or monthly). */
export function FeeTable({ table }: { table: FeeTableData }) {
  const { t } = useI18n();
  const yen = useYen();
  const label = useTierLabel();
  return (
    <PriceTable
      testId="fee-table"
      mode={table.mode}
      caption={
        <>
          {t(codeLabel(FEE_MODE_LABEL, table.mode))}
          {table.isHighSeason ? ` · ${t("fee.highSeason")}` : ""}{" "}
          <span className="font-normal text-gray-700">
            ({t("fee.effectiveFrom", { date: formatIsoDate(table.effectiveFrom) })})
          </span>
        </>
      }
      headers={[t("fee.tierHeader"), t("fee.priceHeader")]}
      rows={table.rows.map((row) => ({ key: `${row.tier}${row.n ?? ""}`, label: label(row), price: yen(row.price) }))}
    />
  );
}
