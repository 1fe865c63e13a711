import { ruleLines, ruleLineText } from "#app/components/reservation/cancel-rule";
import type { MessageKey } from "#app/i18n/messages";
import type { PluralKey, Translate, TranslateParams } from "#app/i18n/translate";
import type { BookingFacts, Paper } from "#server/reservations/booking-facts";

type TranslatePlural = (key: PluralKey, count: number, params?: TranslateParams) => string;

/**
 * A booking's facts in words (issue 40, item 2), one wording for every place that states them:
 * the confirmation and the completion page render it (app/components/booking/booking-facts.tsx),
 * the customer mails print it (app/presenters/booking-facts-mail.server.ts). Browser-safe.
 */
export interface FactsWords {
  passengers: string;
  included: string[];
  excluded: string[];
  /** The cancellation schedule, [when, what it costs]; empty: cancelling is free. */
  rule: [string, string][];
  ruleNone: string;
  bring: { lead: string; items: string[]; note: string | null };
}

const PAPER_KEY: Record<Paper, MessageKey> = {
  licence: "facts.bring.licence",
  idp: "facts.bring.idp",
  translation: "facts.bring.translation",
};

export function factsWords(
  facts: BookingFacts,
  w: { t: Translate; tp: TranslatePlural; yen: (amount: number) => string },
): FactsWords {
  const { t, tp, yen } = w;
  const included = [t("facts.includedBase")];
  if (facts.damageWaiver)
    included.push(
      facts.damageWaiver.chosen
        ? t("facts.cdwIncluded", { fee: yen(facts.damageWaiver.fee) })
        : t("facts.cdwNotIncluded"),
    );
  const { noc } = facts;
  const charged = noc.drivable > 0 || noc.notDrivable > 0;
  if (charged && noc.coveredBy) included.push(t("facts.nocCovered", { option: noc.coveredBy }));
  const excluded =
    charged && !noc.coveredBy
      ? [t("facts.noc", { drivable: yen(noc.drivable), notDrivable: yen(noc.notDrivable) })]
      : [];
  const foreign = facts.bring.papers.some((p) => p !== "licence");
  return {
    passengers: facts.passengers === null ? t("facts.passengersUnset") : tp("facts.passengersCount", facts.passengers),
    included,
    excluded,
    rule: ruleLines(facts.cancellationFees).map((line) => ruleLineText(t, line)),
    ruleNone: t("cancelConfirm.ruleNone"),
    bring: {
      lead: facts.bring.oneOf ? t("facts.bringOneOf") : t("facts.bringLead"),
      items: facts.bring.papers.map((p) => t(PAPER_KEY[p])),
      note: foreign ? t("facts.bringNote") : null,
    },
  };
}
