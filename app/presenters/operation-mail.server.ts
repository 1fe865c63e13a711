import type { CancellationMailComposer } from "#server/counter/cancellation";
import type { ChangeMailComposer } from "#server/counter/change";
import type { SettledMailComposer } from "#server/counter/payment-retry";
import type { Db } from "#server/db/client";
import type { OperationMails } from "#server/ledger/reconcile";
import { PAY_METHOD } from "#server/reservations/booking";
import type { SiteBundle } from "#server/sites/site-bundle";
import type { SiteCache } from "#server/sites/site-cache";
import { calendarFile, composeBookingMails, composeNotice } from "./booking-mail.server";

/**
 * The mails of what happens to a booking after it is made (a cancellation, a change), worded from
 * the ledger's outcomes: what the card gave back or took, and what is still to be settled.
 */

/**
 * The cancellation mails (issue 24): the fee kept and what goes back to the card; a fee the card
 * did not cover is paid to the store, which calls about it. Pure, as the booking mails.
 */
export function composeCancellationMails(bundle: SiteBundle): CancellationMailComposer {
  return (reservation, outcome) =>
    composeNotice(bundle, reservation, (w, audience) => {
      const { t, line, storeName, site } = w;
      const tel = w.storeTel;
      const reserveNo = reservation.reserveNo;
      const lines = [
        t("bookingMail.section.cancellation"),
        line("bookingMail.label.cancellationFee", w.yen(outcome.fee)),
        ...(outcome.refund > 0 ? [line("bookingMail.label.refund", w.yen(outcome.refund))] : []),
        ...(outcome.refundPending > 0 ? [line("bookingMail.label.refundPending", w.yen(outcome.refundPending))] : []),
      ];
      if (audience === "store")
        return {
          subject: t("bookingMail.store.cancelledSubject", { site, reserveNo }),
          lead: t("bookingMail.store.cancelledLead"),
          after: lines,
        };
      if (outcome.refund > 0) lines.push(t("bookingMail.cancelled.refundNote"));
      if (outcome.refundPending > 0) {
        lines.push(
          t("bookingMail.cancelled.refundPending", { amount: w.yen(outcome.refundPending), store: storeName, tel }),
        );
      }
      if (outcome.fee > 0 && reservation.paymentStatus !== "paid" && tel)
        lines.push(t("bookingMail.cancelled.feeAtStore", { store: storeName, tel }));
      // The rule the fee followed, from the same setting as the booking's mail and the cancel page.
      lines.push("", ...w.cancellationRule());
      return {
        subject: t("bookingMail.cancelled.subject", { site, reserveNo }),
        lead: t("bookingMail.cancelled.lead"),
        after: lines,
        attachments: [
          calendarFile(bundle, reservation, w, { stamp: reservation.cancelledAt ?? new Date(), cancelled: true }),
        ],
      };
    });
}

/**
 * The change mails (issue 24): the booking as it now stands, the total before and the difference,
 * and how the difference is settled: on the card paid in advance, or with the new total at the store.
 */
export function composeChangeMails(bundle: SiteBundle): ChangeMailComposer {
  return (reservation, { previous, difference, settlement }) =>
    composeNotice(bundle, reservation, (w, audience) => {
      const { t, line, site } = w;
      const reserveNo = reservation.reserveNo;
      const signed = `${difference > 0 ? "+" : difference < 0 ? "−" : "±"}${w.yen(Math.abs(difference))}`;
      const lines = [
        t("bookingMail.section.change"),
        line("bookingMail.label.previousTotal", w.yen(previous.totalFee)),
        line("bookingMail.label.difference", signed),
      ];
      if (audience === "store")
        return {
          subject: t("bookingMail.store.changedSubject", { site, reserveNo }),
          lead: t("bookingMail.store.changedLead"),
          after: lines,
        };
      // What the card took or gave back, from the ledger's outcomes; the rest is settled at the store.
      const tel = w.storeTel;
      const byCard =
        reservation.payMethod === PAY_METHOD.advanceCard &&
        settlement.charged + settlement.refunded + settlement.notMoved > 0;
      if (!byCard && difference !== 0) lines.push(t("bookingMail.changed.atStore"));
      if (settlement.charged > 0) lines.push(t("bookingMail.changed.charged", { amount: w.yen(settlement.charged) }));
      if (settlement.refunded > 0)
        lines.push(t("bookingMail.changed.refunded", { amount: w.yen(settlement.refunded) }));
      if (settlement.notMoved > 0) {
        const key = difference > 0 ? "bookingMail.changed.chargeFailed" : "bookingMail.changed.refundPending";
        lines.push(t(key, { amount: w.yen(settlement.notMoved), store: w.storeName, tel }));
      }
      // The booking as it now stands: what the customer must know has not gone away (issue 40).
      lines.push("", ...w.customerFacts());
      return {
        subject: t("bookingMail.changed.subject", { site, reserveNo }),
        lead: t("bookingMail.changed.lead"),
        after: lines,
        attachments: [calendarFile(bundle, reservation, w, { stamp: new Date() })],
      };
    });
}

/**
 * A card refund or charge staff tried again went through: the customer, who was told it had not,
 * learns what moved; the store has it on record.
 */
export function composeSettledMails(bundle: SiteBundle): SettledMailComposer {
  return (reservation, { kind, amount }) =>
    composeNotice(bundle, reservation, (w, audience) => {
      const { t, line, site } = w;
      const reserveNo = reservation.reserveNo;
      const lines = [
        t("bookingMail.section.settled"),
        line(kind === "refund" ? "bookingMail.label.refunded" : "bookingMail.label.charged", w.yen(amount)),
      ];
      if (audience === "store")
        return {
          subject: t("bookingMail.store.settledSubject", { site, reserveNo }),
          lead: t("bookingMail.store.settledLead"),
          after: lines,
        };
      return {
        subject: t(kind === "refund" ? "bookingMail.settled.refundSubject" : "bookingMail.settled.chargeSubject", {
          site,
          reserveNo,
        }),
        lead: t(kind === "refund" ? "bookingMail.settled.refundLead" : "bookingMail.settled.chargeLead"),
        after: lines,
      };
    });
}

/**
 * Every mail an operation that reconciliation finishes may send, for one site (issue 37): the
 * server's background loop gets this from the build, as it gets the JSON API.
 */
export function operationMails(deps: {
  siteCache: SiteCache;
  forSite: (siteId: string) => Db;
  origin: string;
}): (siteId: string) => Promise<OperationMails> {
  return async (siteId) => {
    const bundle = await deps.siteCache.get(deps.forSite(siteId), siteId);
    if (!bundle) throw new Error("operation mails: unknown site");
    return {
      booking: composeBookingMails(bundle, deps.origin),
      cancellation: composeCancellationMails(bundle),
      change: composeChangeMails(bundle),
      settled: composeSettledMails(bundle),
    };
  };
}
