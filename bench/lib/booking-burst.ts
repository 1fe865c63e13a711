// The booking submit's burst, shared by bench/booking.ts and bench/booking-compare.ts.
import { CATALOGUES } from "#app/i18n/messages";
import { optionsPath, SITE, Visitor } from "./visitor";

/** "The selected car type is fully booked." as the Japanese page says it (spec §8). */
const FULLY_BOOKED = CATALOGUES.ja["reason.type_fully_booked"];

export type Outcome = { status: number; ms: number; booked: boolean; fullyBooked: boolean };

/**
 * Prepares a session per path (round-robin over `bases`), calls `onReady` (the moment to read the
 * CPU so far), then fires every submit at once.
 */
export async function burst(bases: string[], paths: string[], onReady?: () => Promise<void>): Promise<Outcome[]> {
  const visitors = paths.map((_, i) => new Visitor(bases[i % bases.length] as string));
  const fields = await Promise.all(visitors.map((v, i) => v.prepare(paths[i] as string, i)));
  await onReady?.();
  return Promise.all(
    visitors.map(async (v, i) => {
      const t0 = performance.now();
      const answer = await v.post(`/${SITE}/reserve/confirm`, fields[i] as Record<string, string>);
      const ms = performance.now() - t0;
      return {
        status: answer.status,
        ms,
        booked: answer.status === 302 && (answer.location ?? "").endsWith("/reserve/completed"),
        fullyBooked: answer.status === 422 && answer.html.includes(FULLY_BOOKED),
      };
    }),
  );
}

/** `count` one-night bookings that each find a car free: the types in turn, then two days on, from `firstDay`. */
export const freeCarPaths = (storeId: number, typeIds: number[], firstDay: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    optionsPath(storeId, typeIds[i % typeIds.length] as number, firstDay + Math.floor(i / typeIds.length) * 2, 1),
  );
