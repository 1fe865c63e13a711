import type { memberJa } from "./member.ja";

export const memberZhTW: Record<keyof typeof memberJa, string> = {};
