import type { ReactNode } from "react";
import { useYen } from "#app/components/car/price";
import { useI18n } from "#app/lib/i18n";
import { BookingSummary } from "./booking-summary";

/**
 * The booking steps' layout (issue 40): one column on a phone; from 1024 px the form on the left
 * and, beside it, a sticky aside with the booking in short, the total and the step's button.
 * `stepColumnsClass` makes the grid (often the form itself; otherwise the aside's buttons name the
 * form with `form=`); in it, the form's column and then a `StepAside`.
 */
export const stepColumnsClass = "grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-6";
/** The form's column inside `stepColumnsClass`. */
export const stepMainClass = "grid min-w-0 content-start gap-4 lg:col-start-1";

type Summary = Parameters<typeof BookingSummary>[0]["summary"];

/**
 * The aside of a booking step. On a phone its parts join the page's column (`display: contents`):
 * the summary comes first, above the form, and the total with the button sticks to the bottom of
 * the screen while the form is in view (sticky, so the footer is never covered; scroll-padding
 * keeps focus above it), leaving the corner to the jump-to-top button. On a desktop both stay in
 * view beside the form. One element of each, whatever the width.
 */
export function StepAside({
  summary,
  summaryAction,
  summaryOnDesktop = false,
  total,
  busy = false,
  barTestId,
  totalTestId,
  children,
  after,
}: {
  summary?: Summary | null;
  /** A link to change the choice, at the summary's top right. */
  summaryAction?: ReactNode;
  /** The page itself states the booking in full on a phone: the summary only beside it on a desktop. */
  summaryOnDesktop?: boolean;
  total?: number | null;
  /** The total is being recalculated. */
  busy?: boolean;
  barTestId: string;
  totalTestId: string;
  /** The step's button (Next, Book now…). */
  children?: ReactNode;
  /** Below the bar on a desktop (a note, a back button); under the form on a phone. */
  after?: ReactNode;
}) {
  const { t } = useI18n();
  const yen = useYen();
  const hasBar = total != null || children;
  return (
    <div className="contents lg:sticky lg:top-4 lg:col-start-2 lg:flex lg:flex-col lg:gap-4" data-testid="step-aside">
      {summary ? (
        <div className={summaryOnDesktop ? "hidden lg:block" : "order-first lg:order-none"}>
          {/* The total is said once: in the bar when there is one. */}
          <BookingSummary
            summary={{ ...summary, total: total != null ? null : summary.total }}
            action={summaryAction}
          />
        </div>
      ) : null}
      {hasBar ? (
        <div
          className="sticky bottom-0 z-30 -mx-3 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] sm:-mx-4 lg:static lg:mx-0 lg:rounded-xl lg:border-0 lg:p-4 lg:shadow-[var(--shadow-card)]"
          data-testid={barTestId}
          data-bottom-bar
        >
          <div className="flex items-center justify-between gap-3 pr-14 lg:block lg:pr-0">
            {total != null ? (
              <div className="min-w-0">
                <p className="text-xs text-gray-700 lg:text-sm">{t("booking.fees.total")}</p>
                <p
                  className={`price text-xl font-bold leading-tight lg:text-2xl ${busy ? "opacity-60" : ""}`}
                  data-testid={totalTestId}
                  data-amount={total}
                >
                  {yen(total)}
                </p>
                {busy ? <p className="text-xs text-gray-700">{t("booking.fees.updating")}</p> : null}
              </div>
            ) : null}
            {children ? <div className="flex shrink-0 flex-col gap-2 lg:mt-3">{children}</div> : null}
          </div>
        </div>
      ) : null}
      {after ? <div className="flex flex-col gap-3">{after}</div> : null}
    </div>
  );
}
