/** §7's card payments: the member's saved cards. */
export { CARD_OPERATIONS } from "./cards.server";
