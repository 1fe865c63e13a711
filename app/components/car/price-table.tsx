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
  const cell = "border border-gray-300 px-2 py-1";
  return (
    <table className="w-full border-collapse text-sm" data-testid={testId} data-mode={mode}>
      {caption ? <caption className="mb-1 text-left font-semibold">{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col" className={`${cell} bg-gray-100 text-left`}>
            {headers[0]}
          </th>
          <th scope="col" className={`${cell} bg-gray-100 text-right`}>
            {headers[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={`${cell} text-left font-normal`}>
              {row.label}
            </th>
            <td className={`${cell} text-right tabular-nums`}>{row.price}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
