import type { driverJa } from "./driver.ja";

export const driverKo: Record<keyof typeof driverJa, string> = {};
