import type { Operation } from "#app/api/operation.server";
import { CALENDAR_OPERATIONS } from "./calendar.server";
import { CLIENT_OPERATIONS } from "./client.server";
import { CONTENT_OPERATIONS } from "./content.server";
import { SETTING_OPERATIONS } from "./settings.server";

/** §7's reservation-group reads about the site: the client, its content, the driver form's settings, the calendars. */
export const SITE_OPERATIONS: readonly Operation[] = [
  ...CLIENT_OPERATIONS,
  ...CONTENT_OPERATIONS,
  ...SETTING_OPERATIONS,
  ...CALENDAR_OPERATIONS,
];
