export const passwordJa = {} as const;
