import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import type { ReportTable } from "#app/presenters/report-tables";

/** Bars for the first series; a second one (bookings beside sales) as a line on its own scale. */
const COLOURS = ["#4f46e5", "#0f766e"];

const axisValue = (unit: string) => (n: number) =>
  unit === "percent"
    ? `${n}%`
    : Math.abs(n) >= 10_000
      ? `${(n / 1000).toLocaleString("en-US")}k`
      : n.toLocaleString("en-US");

/**
 * A report's chart, drawn with uPlot once the page runs in the browser. It is a picture of the table
 * beside it (which is the truth, and what screen readers and pages without scripts get), so the
 * canvas is hidden from assistive technology and the figure names the table.
 */
/** Counts step by whole numbers: no axis reads 0.2 bookings. */
const countSteps = (unit: string | undefined) =>
  unit === "count" ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000] } : {};

export function ReportChart({ table, label }: { table: ReportTable; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { labels, series } = table.chart;
  useEffect(() => {
    const el = box.current;
    if (!el || !labels.length) return;
    let plot: uPlot | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: 240 }));
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const bars = UPlot.paths.bars?.({ size: [0.7, 48], align: 0 });
      const [first, second] = series;
      const longLabels = labels.some((l) => l.length > 8) && labels.length > 3;
      const opts: uPlot.Options = {
        width: el.clientWidth,
        height: 240,
        legend: { show: series.length > 1 },
        cursor: { show: true, drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: [-0.5, labels.length - 0.5] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
          y2: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          {
            stroke: "#374151",
            grid: { show: false },
            ticks: { show: false },
            incrs: [1, 2, 5, 7, 10, 14, 20, 30],
            values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? "") : "")),
            rotate: longLabels ? -30 : 0,
            size: longLabels ? 90 : 40,
          },
          {
            stroke: "#374151",
            grid: { stroke: "#e5e7eb", width: 1 },
            values: (_u, splits) => splits.map(axisValue(first?.unit ?? "count")),
            ...countSteps(first?.unit),
            size: 56,
          },
          ...(second
            ? [
                {
                  side: 1 as const,
                  scale: "y2",
                  stroke: COLOURS[1],
                  grid: { show: false },
                  values: (_u: uPlot, splits: number[]) => splits.map(axisValue(second.unit)),
                  ...countSteps(second.unit),
                  size: 40,
                },
              ]
            : []),
        ],
        series: [
          // The legend names the hovered row as the table does (uPlot's own "Value" is English only).
          { label: table.columns[0]?.label ?? "", value: (_u, i) => (i === null ? "--" : (labels[i] ?? "--")) },
          ...(first
            ? [
                {
                  label: first.label,
                  stroke: COLOURS[0],
                  fill: `${COLOURS[0]}cc`,
                  paths: bars,
                  points: { show: false },
                },
              ]
            : []),
          ...(second ? [{ label: second.label, scale: "y2", stroke: COLOURS[1], width: 2, points: { size: 5 } }] : []),
        ],
      };
      const data = [labels.map((_, i) => i), ...series.map((s) => s.values)] as uPlot.AlignedData;
      plot = new UPlot(opts, data, el);
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      plot?.destroy();
    };
  }, [labels, series, table.columns]);
  if (!labels.length) return null;
  return (
    <figure className="m-0" role="img" aria-label={label} data-testid={`chart-${table.kind}`}>
      <div ref={box} aria-hidden="true" className="min-h-[240px] w-full overflow-hidden" />
    </figure>
  );
}
