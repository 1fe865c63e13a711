import type { memberJa } from "./member.ja";

export const memberKo: Record<keyof typeof memberJa, string> = {};
