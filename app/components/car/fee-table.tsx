import type { FeeRow, FeeTableView } from "../../../server/catalog/views";
import { formatIsoDate } from "../../i18n/format";
import type { MessageKey } from "../../i18n/messages";
import { useI18n } from "../../lib/i18n";
import { useYen } from "./price";

function useTierLabel() {
  const { t } = useI18n();
  return (row: FeeRow) => {
    if (row.tier === "nights")
      return row.n === 1 ? t("fee.tier.nights1") : t("fee.tier.nights", { n: row.n ?? 0, days: (row.n ?? 0) + 1 });
    return t(`fee.tier.${row.tier}` as MessageKey, row.n === undefined ? undefined : { n: row.n });
  };
}

/** A fee plan's tiers as a table (hours, nights or monthly). */
export function FeeTable({ table, caption }: { table: FeeTableView; caption?: string }) {
  const { t } = useI18n();
  const yen = useYen();
  const label = useTierLabel();
  return (
    <table className="w-full border-collapse text-sm" data-testid="fee-table" data-mode={table.mode}>
      <caption className="mb-1 text-left font-semibold">
        {caption ?? t(`fee.mode.${table.mode}` as MessageKey)}
        {table.isHighSeason ? ` · ${t("fee.highSeason")}` : ""}{" "}
        <span className="font-normal text-gray-700">
          ({t("fee.effectiveFrom", { date: formatIsoDate(table.effectiveFrom) })})
        </span>
      </caption>
      <thead>
        <tr>
          <th scope="col" className="border border-gray-300 bg-gray-100 px-2 py-1 text-left">
            {t("fee.tierHeader")}
          </th>
          <th scope="col" className="border border-gray-300 bg-gray-100 px-2 py-1 text-right">
            {t("fee.priceHeader")}
          </th>
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={`${row.tier}${row.n ?? ""}`}>
            <th scope="row" className="border border-gray-300 px-2 py-1 text-left font-normal">
              {label(row)}
            </th>
            <td className="border border-gray-300 px-2 py-1 text-right tabular-nums">{yen(row.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
