import type { ReactNode } from "react";

export interface PriceRow {
  key: string;
  label: ReactNode;
  price: ReactNode;
}

/** Two columns, what and how much: fee tiers, options. */
export function PriceTable({
  caption,
  headers,
  rows,
  testId,
  mode,
}: {
  caption?: ReactNode;
  headers: [string, string];
  rows: PriceRow[];
  testId: string;
  mode?: number;
}) {
  return (
    <table className="price-table" data-testid={testId} data-mode={mode}>
      {caption ? <caption className="mb-1 text-left font-semibold">{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col" className="text-left">
            {headers[0]}
          </th>
          <th scope="col" className="text-right">
            {headers[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="text-left font-normal">
              {row.label}
            </th>
            <td className="text-right tabular-nums">{row.price}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
