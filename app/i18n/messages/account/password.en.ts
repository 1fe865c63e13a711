import type { passwordJa } from "./password.ja";

export const passwordEn: Record<keyof typeof passwordJa, string> = {};
