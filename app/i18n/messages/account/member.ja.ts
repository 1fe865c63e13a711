export const memberJa = {} as const;
