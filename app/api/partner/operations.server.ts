import { CATALOG_OPERATIONS } from "./catalog.server";
import { CHANGE_OPERATIONS } from "./changes.server";
import type { PartnerOperation } from "./operation.server";
import { RESERVATION_OPERATIONS } from "./reservations.server";

/** Every operation of the API for programs: the router and the document read this list. */
export const PARTNER_OPERATIONS: readonly PartnerOperation[] = [
  ...CATALOG_OPERATIONS,
  ...RESERVATION_OPERATIONS,
  ...CHANGE_OPERATIONS,
];
