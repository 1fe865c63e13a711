import type { mypageJa } from "./mypage.ja";

export const mypageZhTW: Record<keyof typeof mypageJa, string> = {};
