/** §7's auth group: the CSRF cookie, login, logout, the signed-in member. */
export { AUTH_OPERATIONS } from "./auth.server";
