import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Translate } from "#app/i18n/translate";

/**
 * A cancellation fee schedule as lines to read (issue 37): each step covers the days from the step
 * nearer the departure up to its own `daysBefore`; earlier than the last step costs nothing. Both
 * the public confirmation and the back office's read it so; each words it in its own catalogue.
 */
export type RuleLine =
  | { kind: "today"; percent: number }
  | { kind: "day"; days: number; percent: number }
  | { kind: "upTo"; to: number; percent: number }
  | { kind: "range"; from: number; to: number; percent: number }
  | { kind: "earlier"; days: number; percent: 0 };

export function ruleLines(steps: readonly { daysBefore: number; percent: number }[]): RuleLine[] {
  const sorted = [...steps].sort((a, b) => a.daysBefore - b.daysBefore);
  const lines: RuleLine[] = [];
  let from = 0;
  for (const step of sorted) {
    if (step.daysBefore < from) continue;
    if (step.daysBefore === 0) lines.push({ kind: "today", percent: step.percent });
    else if (from === 0) lines.push({ kind: "upTo", to: step.daysBefore, percent: step.percent });
    else if (step.daysBefore === from) lines.push({ kind: "day", days: from, percent: step.percent });
    else lines.push({ kind: "range", from, to: step.daysBefore, percent: step.percent });
    from = step.daysBefore + 1;
  }
  const last = sorted.at(-1);
  if (last) lines.push({ kind: "earlier", days: last.daysBefore, percent: 0 });
  return lines;
}

/**
 * One line of the schedule in words, [when, what it costs]: the cancel pages, the booking's facts
 * (confirmation, completion, mails) and the FAQ's table all read the rule through this.
 */
export function ruleLineText(t: Translate, line: RuleLine): [string, string] {
  const when =
    line.kind === "today"
      ? t("cancelConfirm.ruleToday")
      : line.kind === "day"
        ? t("cancelConfirm.ruleDay", { days: line.days })
        : line.kind === "upTo"
          ? t("cancelConfirm.ruleUpTo", { to: line.to })
          : line.kind === "range"
            ? t("cancelConfirm.ruleRange", { from: line.from, to: line.to })
            : t("cancelConfirm.ruleEarlier", { days: line.days });
  return [
    when,
    line.percent === 0 ? t("cancelConfirm.ruleFree") : t("cancelConfirm.rulePercent", { percent: line.percent }),
  ];
}

/**
 * Whether an action's answer is a stale confirmation's refusal (server/counter/cancellation-preview.ts):
 * the page then reads the booking again, so the confirmation shows the numbers that hold now.
 */
export function isStaleRefusal(actionResult: unknown): boolean {
  const code = (actionResult as { errors?: { form?: { code?: string } } } | undefined)?.errors?.form?.code;
  return code === "cancel_stale_changed" || code === "cancel_stale_fee";
}

/** A page with a confirmation step: a stale refusal is answered with the booking read again (React Router skips that after a 4xx). */
export function revalidateOnStale({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isStaleRefusal(actionResult) || defaultShouldRevalidate;
}
