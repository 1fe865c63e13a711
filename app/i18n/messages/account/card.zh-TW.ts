import type { cardJa } from "./card.ja";

export const cardZhTW: Record<keyof typeof cardJa, string> = {};
