import type { Operation } from "#app/api/operation.server";
import { ACCOUNT_OPERATIONS } from "./account.server";
import { RESERVATION_OPERATIONS } from "./reservations.server";

/** §7's My Page: the member's bookings and account. */
export const MYPAGE_OPERATIONS: readonly Operation[] = [...RESERVATION_OPERATIONS, ...ACCOUNT_OPERATIONS];
