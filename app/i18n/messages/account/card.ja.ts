export const cardJa = {} as const;
