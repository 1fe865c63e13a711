import type { cardJa } from "./card.ja";

export const cardKo: Record<keyof typeof cardJa, string> = {};
