import { Fragment, type ReactNode } from "react";

/** Label and value pairs, two columns (four on wide screens when `wide`). */
export function DescriptionList({
  rows,
  wide = false,
  testId,
}: {
  rows: [string, ReactNode][];
  wide?: boolean;
  testId?: string;
}) {
  return (
    <dl
      className={`grid gap-x-3 gap-y-1 text-sm ${wide ? "grid-cols-[max-content_1fr] sm:grid-cols-[max-content_1fr_max-content_1fr]" : "grid-cols-[max-content_1fr]"}`}
      data-testid={testId}
    >
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt className="font-semibold text-gray-700">{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
