import { useEffect, useState } from "react";
import { useI18n } from "#app/lib/i18n";

/** Spec §9: appears past 100 px of scroll and returns to the top over 600 ms. */
export const JUMP_TOP_OFFSET = 100;
export const JUMP_TOP_DURATION_MS = 600;

function scrollToTop(durationMs: number) {
  const start = window.scrollY;
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  if (reduce || start === 0) {
    window.scrollTo(0, 0);
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const p = Math.min(1, (now - t0) / durationMs);
    const eased = 1 - (1 - p) ** 3;
    window.scrollTo(0, Math.round(start * (1 - eased)));
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function JumpToTop() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > JUMP_TOP_OFFSET);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        scrollToTop(JUMP_TOP_DURATION_MS);
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
      className="site-theme fixed right-4 bottom-4 z-40 flex h-12 w-12 items-center justify-center rounded-full shadow-lg"
      aria-label={t("jumpTop.label")}
      data-testid="jump-to-top"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <path d="M6 15l6-6 6 6" />
      </svg>
    </button>
  );
}
