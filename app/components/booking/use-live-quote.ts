import { useEffect, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { useYen } from "#app/components/car/price";
import { useI18n } from "#app/lib/i18n";
import type { QuoteView } from "#app/presenters/booking.server";

/**
 * The newest prices of the options step: the last recalculation (a fetcher) or refusal (the
 * action), else the page's own; and the sentence a screen reader hears when the total changes.
 */
export function useLiveQuote(
  page: QuoteView,
  answered: QuoteView | undefined,
  fetcher: FetcherWithComponents<{ view?: QuoteView } | undefined>,
) {
  const { t } = useI18n();
  const yen = useYen();
  const [view, setView] = useState<QuoteView>(answered ?? page);
  const [announce, setAnnounce] = useState("");
  useEffect(() => setView(page), [page]);
  useEffect(() => {
    if (answered) setView(answered);
  }, [answered]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer of the server
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer?.view) return;
    setView(answer.view);
    if (answer.view.fees) setAnnounce(t("booking.fees.updated", { amount: yen(answer.view.fees.total) }));
  }, [fetcher.data]);
  return { view, announce };
}
