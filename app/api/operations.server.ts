import { ADDRESS_OPERATIONS } from "./groups/address.server";
import { AUTH_OPERATIONS } from "./groups/auth.server";
import { CARD_OPERATIONS } from "./groups/cards.server";
import { DRIVER_OPERATIONS } from "./groups/drivers.server";
import { MYPAGE_OPERATIONS } from "./groups/mypage.server";
import { PASSWORD_OPERATIONS } from "./groups/password.server";
import { RESERVATION_OPERATIONS } from "./groups/reservations.server";
import { SITE_OPERATIONS } from "./groups/site.server";
import { STORE_OPERATIONS } from "./groups/stores.server";
import { USER_OPERATIONS } from "./groups/users.server";
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
