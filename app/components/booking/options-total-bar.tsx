import { useI18n } from "../../lib/i18n";
import { useYen } from "../car/price";

/**
 * The options step's total and Next button. On a phone they stick to the bottom of the screen while
 * the form is in view (sticky, so the footer is never covered; scroll-padding keeps focus above it),
 * leaving the corner to the jump-to-top button. Beside the form on a desktop.
 */
export function OptionsTotalBar({ total, busy, sending }: { total: number; busy: boolean; sending: boolean }) {
  const { t } = useI18n();
  const yen = useYen();
  return (
    <div
      className="sticky bottom-0 z-30 -mx-3 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] sm:-mx-4 lg:top-4 lg:bottom-auto lg:mx-0 lg:rounded-xl lg:border-0 lg:p-4 lg:shadow-[var(--shadow-card)]"
      data-testid="options-bar"
      data-bottom-bar
    >
      <div className="flex items-center justify-between gap-3 pr-14 lg:block lg:pr-0">
        <div className="min-w-0">
          <p className="text-xs text-gray-700 lg:text-sm">{t("booking.fees.total")}</p>
          <p
            className={`price text-xl font-bold leading-tight lg:text-2xl ${busy ? "opacity-60" : ""}`}
            data-testid="booking-total"
            data-amount={total}
          >
            {yen(total)}
          </p>
          {busy ? <p className="text-xs text-gray-700">{t("booking.fees.updating")}</p> : null}
        </div>
        <button
          type="submit"
          name="intent"
          value="next"
          className="btn-primary min-w-32 shrink-0 lg:mt-3 lg:w-full"
          disabled={sending}
          data-testid="options-next"
        >
          {sending ? t("form.submitting") : t("booking.next")}
        </button>
      </div>
    </div>
  );
}
