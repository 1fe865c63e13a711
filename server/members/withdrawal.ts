import { and, eq, gt, inArray, isNull, notExists, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import {
  driverImages,
  drivers,
  memberCards,
  members,
  passwordResetTokens,
  reservations,
  sessions,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Logger } from "#server/logger";
import type { PaymentGateway } from "#server/payments/types";
import { holdsACar } from "#server/reservations/status";
import type { BlobStore } from "#server/uploads/blob-store";

/** Whether a member may leave now (spec §6: not while renting, not while a reservation exists). */
export type WithdrawalCheck = "ok" | "renting" | "reserved";

type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The member's reservations that are not cancelled and not yet returned: in progress first. */
export async function checkWithdrawal(db: DbOrTx, siteId: string, memberId: number, now = new Date()) {
  const [row] = await db
    .select({
      renting: sql<boolean>`bool_or(${reservations.startAt} <= ${now})`,
      reserved: sql<boolean>`bool_or(${reservations.startAt} > ${now})`,
    })
    .from(reservations)
    .where(
      and(eq(reservations.siteId, siteId), eq(reservations.memberId, memberId), holdsACar, gt(reservations.endAt, now)),
    );
  const check: WithdrawalCheck = row?.renting ? "renting" : row?.reserved ? "reserved" : "ok";
  return check;
}

/** The reason code of each refusal (spec §8: withdrawal blocked while renting, while a reservation exists). */
export const WITHDRAWAL_REFUSAL = { renting: "withdrawal_renting", reserved: "withdrawal_reserved" } as const;

/**
 * Closes a member's account (spec §4 withdrawal). Refused while a rental is in progress or a
 * reservation is coming, checked again under a lock on the member. Personal data is erased: the
 * profile is blanked and the address released (the same e-mail may register again), cards, unused
 * drivers, licence images, reset links and sessions are deleted. Reservations keep the borrower
 * and driver as booked (what the store needs); a driver a reservation points at is blanked, not deleted.
 */
export async function withdraw(
  db: Db,
  siteId: string,
  memberId: number,
  deps: { payments: PaymentGateway; blobs: BlobStore; logger?: Logger },
  now = new Date(),
): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ paymentCustomerId: members.paymentCustomerId })
      .from(members)
      .where(and(eq(members.siteId, siteId), eq(members.id, memberId), isNull(members.withdrawnAt)))
      .for("update");
    if (!member) throw new AppError("not_found");
    const check = await checkWithdrawal(tx, siteId, memberId, now);
    if (check !== "ok") throw new AppError("rejected", { reason: { code: WITHDRAWAL_REFUSAL[check] } });

    const cards = await tx
      .delete(memberCards)
      .where(and(eq(memberCards.siteId, siteId), eq(memberCards.memberId, memberId)))
      .returning({ gatewayCardId: memberCards.gatewayCardId });
    const memberDrivers = await tx
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.siteId, siteId), eq(drivers.memberId, memberId)));
    const driverIds = memberDrivers.map((d) => d.id);
    const images = driverIds.length
      ? await tx
          .delete(driverImages)
          .where(and(eq(driverImages.siteId, siteId), inArray(driverImages.driverId, driverIds)))
          .returning({ blobKey: driverImages.blobKey })
      : [];
    if (driverIds.length) {
      const used = tx
        .select({ one: sql`1` })
        .from(reservations)
        .where(and(eq(reservations.siteId, drivers.siteId), eq(reservations.driverId, drivers.id)));
      await tx.delete(drivers).where(and(eq(drivers.siteId, siteId), eq(drivers.memberId, memberId), notExists(used)));
      await tx
        .update(drivers)
        .set({
          driverCode: null,
          name: "",
          kana: "",
          birthdate: null,
          tel: "",
          zip: "",
          country: "",
          prefCode: null,
          addressA: "",
          addressB: "",
          licenseTypes: [],
          licenseNumber: "",
          licenseAcquisitionDate: null,
          licenseExpirationDate: null,
          updatedAt: now,
        })
        .where(and(eq(drivers.siteId, siteId), eq(drivers.memberId, memberId)));
    }
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.siteId, siteId), eq(passwordResetTokens.memberId, memberId)));
    await tx.delete(sessions).where(and(eq(sessions.siteId, siteId), eq(sessions.memberId, memberId)));
    await tx
      .update(members)
      .set({
        email: null,
        passwordHash: null,
        name: "",
        kana: "",
        company: "",
        companyKana: "",
        gender: null,
        birthdate: null,
        tel: "",
        zip: "",
        country: "",
        prefCode: null,
        addressA: "",
        addressB: "",
        newsletter: 0,
        // Nothing left to find a withdrawn member by (the number still finds them).
        searchText: "",
        paymentCustomerId: null,
        registeredByStore: false,
        withdrawnAt: now,
        updatedAt: now,
      })
      .where(and(eq(members.siteId, siteId), eq(members.id, memberId)));
    return { customerId: member.paymentCustomerId, cards, images };
  });

  // Outside services after the commit: a failure there leaves nothing personal in our database.
  for (const { blobKey } of outcome.images) {
    await deps.blobs.delete(blobKey).catch(() => deps.logger?.warn({ siteId, memberId }, "licence image not deleted"));
  }
  if (outcome.customerId) {
    for (const { gatewayCardId } of outcome.cards) {
      await deps.payments
        .detachCard(outcome.customerId, gatewayCardId)
        .catch(() => deps.logger?.warn({ siteId, memberId }, "card not detached at the gateway"));
    }
  }
}
