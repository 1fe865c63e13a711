import type { SectionState } from "#app/components/admin/fields";

/** What every section of the settings form gets: the errors and the values shown. */
export type SectionProps = SectionState;
