import type { mypageJa } from "./mypage.ja";

export const mypageEn: Record<keyof typeof mypageJa, string> = {};
