import type { mypageJa } from "./mypage.ja";

export const mypageKo: Record<keyof typeof mypageJa, string> = {};
