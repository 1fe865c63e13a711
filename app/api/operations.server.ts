import { ADDRESS_OPERATIONS } from "./groups/address";
import { AUTH_OPERATIONS } from "./groups/auth";
import { CARD_OPERATIONS } from "./groups/cards";
import { DRIVER_OPERATIONS } from "./groups/drivers";
import { MYPAGE_OPERATIONS } from "./groups/mypage";
import { PASSWORD_OPERATIONS } from "./groups/password";
import { RESERVATION_OPERATIONS } from "./groups/reservations";
import { SITE_OPERATIONS } from "./groups/site";
import { STORE_OPERATIONS } from "./groups/stores";
import { USER_OPERATIONS } from "./groups/users";
import type { Operation } from "./operation.server";

/** Every operation of the API, by §7's groups: the router and the OpenAPI document read this list. */
export const OPERATIONS: readonly Operation[] = [
  ...AUTH_OPERATIONS,
  // Before the reservations: `/reservations/stores` must win over `/reservations/:reserveNo`.
  ...SITE_OPERATIONS,
  ...STORE_OPERATIONS,
  ...RESERVATION_OPERATIONS,
  ...PASSWORD_OPERATIONS,
  ...USER_OPERATIONS,
  ...ADDRESS_OPERATIONS,
  ...MYPAGE_OPERATIONS,
  ...DRIVER_OPERATIONS,
  ...CARD_OPERATIONS,
];
