import type { memberJa } from "./member.ja";

export const memberEn: Record<keyof typeof memberJa, string> = {};
