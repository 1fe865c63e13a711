/** §7's users group: registering a member. */
export { USER_OPERATIONS } from "./registration.server";
