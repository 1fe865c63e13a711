import type { BookingFacts } from "#server/reservations/booking-facts";
import { factsWords } from "./booking-facts";

type Words = Parameters<typeof factsWords>[1];

/**
 * A booking's facts as the customer mails print them (issue 40, item 2), plain text in the mail's
 * language: the passengers, what the total includes and leaves out, the cancellation rule and the
 * papers to bring; the same words as the confirmation and the completion page. Pure.
 */
export function factsMailLines(facts: BookingFacts, w: Words): string[] {
  const { t } = w;
  const words = factsWords(facts, w);
  const heading = (title: string) => t("facts.mail.heading", { title });
  const item = (text: string) => t("facts.mail.item", { text });
  const lines = [
    heading(t("facts.title")),
    t("bookingMail.line", { label: t("facts.passengers"), value: words.passengers }),
    "",
    heading(t("facts.included")),
    ...words.included.map(item),
  ];
  if (words.excluded.length) lines.push("", heading(t("facts.excluded")), ...words.excluded.map(item));
  lines.push("", ...ruleMailLines(facts, w));
  lines.push("", heading(t("facts.bring")), words.bring.lead, ...words.bring.items.map(item));
  if (words.bring.note) lines.push(words.bring.note);
  return lines;
}

/** The cancellation rule alone (the cancellation mail names the rule its fee followed). */
export function ruleMailLines(facts: BookingFacts, w: Words): string[] {
  const { t } = w;
  const words = factsWords(facts, w);
  const lines = [t("facts.mail.heading", { title: t("facts.cancel") })];
  if (!words.rule.length) return [...lines, words.ruleNone];
  return [
    ...lines,
    ...words.rule.map(([when, cost]) =>
      t("facts.mail.item", { text: t("bookingMail.line", { label: when, value: cost }) }),
    ),
    t("facts.cancelNote"),
  ];
}
