import type { AdminErrors } from "../fields";

/** What every section of the settings form gets: the errors and the values shown. */
export type SectionProps = { errors: AdminErrors; values: Record<string, string> };
