import { type RefObject, useEffect, useRef, useState } from "react";
import type { ReasonLike } from "../../../common/app-error";
import { formatAmount, formatIsoDate } from "../../../common/format";
import type { FeePlanPreview } from "../../../server/prices/fee-plans";
import { useAdminI18n } from "../../lib/admin";
import { useI18n } from "../../lib/i18n";
import { CSRF_HEADER, useCsrfToken } from "../csrf-field";

/** What the preview route answers: the figures, or why the tiers make no plan (by field). */
export interface PreviewAnswer {
  preview: FeePlanPreview | null;
  errors: Record<string, ReasonLike>;
}

const DEBOUNCE_MS = 350;

/**
 * The price preview, live: each change to the form asks the preview route (after a pause in typing)
 * what the unsaved tiers charge, by the same pricing as the search. Only the newest answer counts.
 * Without JavaScript the form's "Preview" button does the same through the page's action.
 */
export function useLivePreview(
  formRef: RefObject<HTMLFormElement | null>,
  url: string,
  initial: PreviewAnswer,
): { answer: PreviewAnswer; busy: boolean; schedule: () => void; cancel: () => void } {
  const csrf = useCsrfToken();
  const [answer, setAnswer] = useState(initial);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<AbortController | null>(null);
  // A new answer from the page's action (a no-JS preview or a refused save) replaces the live one.
  useEffect(() => setAnswer(initial), [initial]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      running.current?.abort();
    },
    [],
  );

  async function run() {
    const form = formRef.current;
    if (!form) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    try {
      const body = new URLSearchParams();
      for (const [key, value] of new FormData(form)) if (typeof value === "string") body.append(key, value);
      const response = await fetch(url, {
        method: "POST",
        body,
        headers: csrf ? { [CSRF_HEADER]: csrf, Accept: "application/json" } : { Accept: "application/json" },
        signal: controller.signal,
      });
      const next = (await response.json()) as PreviewAnswer;
      if (!controller.signal.aborted) setAnswer({ preview: next.preview ?? null, errors: next.errors ?? {} });
    } catch (error) {
      // An aborted request was replaced by a newer one; a failed one leaves the figures as they were.
      if ((error as Error).name !== "AbortError") setAnswer({ preview: null, errors: {} });
    } finally {
      if (running.current === controller) {
        running.current = null;
        setBusy(false);
      }
    }
  }

  return {
    answer,
    busy,
    schedule() {
      clearTimeout(timer.current);
      timer.current = setTimeout(run, DEBOUNCE_MS);
    },
    /**
     * The form is being saved: no preview may follow. One sent after the save's redirect would carry,
     * and use up, the flash cookie the redirect leaves for the next page.
     */
    cancel() {
      clearTimeout(timer.current);
    },
  };
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
  const { t: pageT } = useI18n();
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
                    {pageT("price.amount", { amount: formatAmount(row.fee) })}
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
