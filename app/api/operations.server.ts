import { AUTH_OPERATIONS } from "./groups/auth.server";
import type { Operation } from "./operation.server";

/** Every operation of the API, by §7's groups: the router and the OpenAPI document read this list. */
export const OPERATIONS: readonly Operation[] = [...AUTH_OPERATIONS];
