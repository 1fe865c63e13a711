import type { passwordJa } from "./password.ja";

export const passwordKo: Record<keyof typeof passwordJa, string> = {};
