import type { driverJa } from "./driver.ja";

export const driverZhTW: Record<keyof typeof driverJa, string> = {};
