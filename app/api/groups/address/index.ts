/** §7's address search. */
export { ADDRESS_OPERATIONS } from "./search.server";
