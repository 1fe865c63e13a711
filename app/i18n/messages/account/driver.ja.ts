export const driverJa = {} as const;
