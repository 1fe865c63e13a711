/** §7's password reset. */
export { PASSWORD_OPERATIONS } from "./reset.server";
