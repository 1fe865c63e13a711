import type { driverJa } from "./driver.ja";

export const driverEn: Record<keyof typeof driverJa, string> = {};
