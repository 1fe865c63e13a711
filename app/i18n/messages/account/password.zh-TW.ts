import type { passwordJa } from "./password.ja";

export const passwordZhTW: Record<keyof typeof passwordJa, string> = {};
