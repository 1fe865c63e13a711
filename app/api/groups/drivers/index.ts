import type { Operation } from "#app/api/operation.server";
import { READ_OPERATIONS } from "./read.server";
import { WRITE_OPERATIONS } from "./write.server";

/** §7's drivers: the member's saved drivers. */
export const DRIVER_OPERATIONS: readonly Operation[] = [...READ_OPERATIONS, ...WRITE_OPERATIONS];
