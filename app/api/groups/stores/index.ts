import type { Operation } from "#app/api/operation.server";
import { AVAILABILITY_OPERATIONS } from "./availability.server";
import { FEE_OPERATIONS } from "./fees.server";
import { LIST_OPERATIONS } from "./list.server";
import { STORE_DETAIL_OPERATIONS } from "./store.server";

// Static paths come before `/stores/:id`: the router and the document both try them in this order.
export const STORE_OPERATIONS: readonly Operation[] = [
  ...LIST_OPERATIONS,
  ...FEE_OPERATIONS,
  ...AVAILABILITY_OPERATIONS,
  ...STORE_DETAIL_OPERATIONS,
];
