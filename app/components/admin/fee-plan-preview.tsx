import type { RefObject } from "react";
import { useAdminI18n } from "#app/lib/admin";
import { useI18n } from "#app/lib/i18n";
import type { ReasonLike } from "#common/app-error";
import { formatIsoDate, formatYen } from "#common/format";
import type { FeePlanPreview } from "#server/prices/fee-plans";
import { useLiveAnswer } from "./use-live-answer";

/** What the preview route answers: the figures, or why the tiers make no plan (by field). */
export interface PreviewAnswer {
  preview: FeePlanPreview | null;
  errors: Record<string, ReasonLike>;
}

/**
 * The price preview, live: each change to the form asks the preview route (after a pause in typing)
 * what the unsaved tiers charge, by the same pricing as the search. Only the newest answer counts.
 * Without JavaScript the form's "Preview" button does the same through the page's action.
 */
export function useLivePreview(formRef: RefObject<HTMLFormElement | null>, url: string, initial: PreviewAnswer) {
  return useLiveAnswer<PreviewAnswer>(
    formRef,
    url,
    initial,
    (next) => ({ preview: next.preview ?? null, errors: next.errors ?? {} }),
    { preview: null, errors: {} },
  );
}

const HEAD = "border-b border-gray-300 bg-gray-100 px-2 py-2 text-left font-semibold";
const CELL = "border-b border-gray-200 px-2 py-2 align-top";

/** The figures: each typical rental with its return and rental fee, or what is needed to show them. */
export function FeePlanPreviewTable({
  answer,
  busy,
  invalid,
}: {
  answer: PreviewAnswer;
  busy: boolean;
  /** A message beside a field says what to fix (rather than "fill in every price"). */
  invalid: boolean;
}) {
  const { t } = useAdminI18n();
  const { locale: pageLocale } = useI18n();
  const { preview } = answer;
  const first = preview?.rows[0];
  return (
    <div
      className="grid gap-3"
      data-testid="fee-preview"
      data-state={preview ? "ready" : invalid ? "invalid" : "empty"}
    >
      {busy ? <p className="text-sm text-gray-700">{t("admin.feePlans.previewUpdating")}</p> : null}
      {preview && first ? (
        <>
          <p className="text-sm text-gray-800">
            {t("admin.feePlans.previewLead", {
              date: formatIsoDate(first.sd),
              time: first.st,
              zone: preview.timeZone,
            })}
          </p>
          <table className="w-full border-separate border-spacing-0 text-sm">
            <caption className="sr-only">{t("admin.feePlans.preview")}</caption>
            <thead>
              <tr>
                <th scope="col" className={HEAD}>
                  {t("admin.feePlans.previewPeriod")}
                </th>
                <th scope="col" className={HEAD}>
                  {t("admin.feePlans.previewReturn")}
                </th>
                <th scope="col" className={`${HEAD} text-right`}>
                  {t("admin.feePlans.previewFee")}
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr
                  key={row.key}
                  data-testid="preview-row"
                  data-period={row.key}
                  data-departure={`${row.sd}T${row.st}`}
                  data-return={`${row.ed}T${row.et}`}
                >
                  <td className={`${CELL} font-semibold`}>{t(`admin.feePlans.period.${row.key}`)}</td>
                  <td className={`${CELL} tabular-nums whitespace-nowrap`}>
                    {`${formatIsoDate(row.ed).slice(5)} ${row.et}`}
                  </td>
                  <td
                    className={`${CELL} text-right font-semibold tabular-nums whitespace-nowrap`}
                    data-testid="preview-fee"
                  >
                    {formatYen(row.fee, pageLocale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="rounded-md bg-gray-100 p-3 text-sm text-gray-800" data-testid="preview-empty">
          {invalid ? t("admin.feePlans.previewInvalid") : t("admin.feePlans.previewEmpty")}
        </p>
      )}
    </div>
  );
}
