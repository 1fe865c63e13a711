import { useEffect, useRef, useState } from "react";
import { useAdminI18n } from "#app/lib/admin";
import { useHydrated } from "#app/lib/hydrated";
import type { CancellationFeeStep } from "#common/counter";
import { feeDaysName, feePercentName, MAX_FEE_STEPS, scheduleRanges } from "#server/sites/cancellation-settings.schema";
import { type AdminErrors, AdminNumber } from "./fields";

interface Row {
  key: number;
  days: string;
  percent: string;
}

/**
 * The fee schedule's rows (days before departure → percent). Without JavaScript the page brings
 * empty rows to fill; with it, rows are added and deleted here, and their fields renumbered so the
 * form always sends rows 0, 1, 2, …
 */
export function FeeStepRows({
  values,
  rows,
  errors,
  onRowsChange,
}: {
  values: Record<string, string>;
  rows: number;
  errors: AdminErrors;
  /** After a row was added or deleted (the fields' names moved). */
  onRowsChange: () => void;
}) {
  const { t } = useAdminI18n();
  const hydrated = useHydrated();
  const nextKey = useRef(rows);
  // Each row keeps the values it started with under its own key: renumbering a row must not hand it another row's.
  const [list, setList] = useState<Row[]>(() =>
    Array.from({ length: rows }, (_, row) => ({
      key: row,
      days: values[feeDaysName(row)] ?? "",
      percent: values[feePercentName(row)] ?? "",
    })),
  );
  const container = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<"added" | "removed" | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the rows changed and rendered
  useEffect(() => {
    const what = focusAfter.current;
    focusAfter.current = null;
    if (what === "added") {
      container.current?.querySelector<HTMLInputElement>(`[name="${feeDaysName(list.length - 1)}"]`)?.focus();
    } else if (what === "removed") {
      addButton.current?.focus();
    }
    if (what) onRowsChange();
  }, [list]);

  const add = () => {
    if (list.length >= MAX_FEE_STEPS) return;
    focusAfter.current = "added";
    setList((current) => [...current, { key: nextKey.current++, days: "", percent: "" }]);
  };
  const remove = (key: number) => {
    focusAfter.current = "removed";
    setList((current) => current.filter((r) => r.key !== key));
  };

  return (
    <div className="grid gap-3" ref={container}>
      {list.map((row, index) => (
        <fieldset
          key={row.key}
          className="grid gap-3 rounded-md border border-gray-300 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
          data-testid="fee-step"
        >
          <legend className="px-1 text-sm font-semibold">{t("admin.cancellation.step", { n: index + 1 })}</legend>
          <AdminNumber
            name={feeDaysName(index)}
            label={t("admin.cancellation.days")}
            hint={t("admin.cancellation.daysHint")}
            errors={errors}
            defaultValue={row.days}
            maxLength={4}
          />
          <AdminNumber
            name={feePercentName(index)}
            label={t("admin.cancellation.percent")}
            hint={t("admin.cancellation.percentHint")}
            errors={errors}
            defaultValue={row.percent}
            maxLength={4}
          />
          {hydrated ? (
            <button
              type="button"
              className="btn-secondary sm:mt-6"
              aria-label={t("admin.cancellation.removeStep", { n: index + 1 })}
              onClick={() => remove(row.key)}
              data-testid="remove-step"
            >
              {t("admin.action.delete")}
            </button>
          ) : null}
        </fieldset>
      ))}
      <p className="text-sm text-gray-700">{t("admin.cancellation.emptyRows")}</p>
      {hydrated ? (
        <div className="flex flex-wrap items-center gap-3">
          <button
            ref={addButton}
            type="button"
            className="btn-secondary"
            onClick={add}
            disabled={list.length >= MAX_FEE_STEPS}
            data-testid="add-step"
          >
            {t("admin.cancellation.addStep")}
          </button>
          {list.length >= MAX_FEE_STEPS ? (
            <p className="text-sm text-gray-700">{t("admin.cancellation.maxSteps", { max: MAX_FEE_STEPS })}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The schedule in words (what a cancellation costs on which days), or a note while the rows are refused. */
export function FeeScheduleSummary({ steps }: { steps: readonly CancellationFeeStep[] | null }) {
  const { t } = useAdminI18n();
  const when = (from: number, to: number | null) => {
    if (to === null) return from === 0 ? t("admin.cancellation.always") : t("admin.cancellation.earlier", { from });
    if (from === to) {
      if (from === 0) return t("admin.cancellation.sameDay");
      return from === 1 ? t("admin.cancellation.dayBefore") : t("admin.cancellation.oneDay", { from });
    }
    return from === 0 ? t("admin.cancellation.fromSameDay", { to }) : t("admin.cancellation.dayRange", { from, to });
  };
  return (
    <div className="rounded-md border border-gray-300 bg-gray-50 p-3" data-testid="fee-summary">
      <h3 className="mb-2 text-sm font-bold">{t("admin.cancellation.summary")}</h3>
      {steps ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {scheduleRanges(steps).map((r) => (
            <div key={r.from} className="contents" data-testid="fee-summary-row">
              <dt>{when(r.from, r.to)}</dt>
              <dd className="font-semibold">
                {r.percent === 0
                  ? t("admin.cancellation.free")
                  : t("admin.cancellation.percentOf", { percent: r.percent })}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-gray-700">{t("admin.cancellation.summaryInvalid")}</p>
      )}
    </div>
  );
}
