export const mypageJa = {} as const;
