import type { Operation } from "#app/api/operation.server";
import { CATALOG_OPERATIONS } from "./catalog.server";
import { COMPLETION_OPERATIONS } from "./completion.server";
import { STEP_OPERATIONS } from "./steps.server";
import { SUBMIT_OPERATIONS } from "./submit.server";

/** §7's reservations group: the car types and their quotes, the booking's steps, the submit and what follows. */
export const RESERVATION_OPERATIONS: readonly Operation[] = [
  ...CATALOG_OPERATIONS,
  ...STEP_OPERATIONS,
  ...SUBMIT_OPERATIONS,
  ...COMPLETION_OPERATIONS,
];
