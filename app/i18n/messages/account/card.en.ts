import type { cardJa } from "./card.ja";

export const cardEn: Record<keyof typeof cardJa, string> = {};
