import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The Japan date the demo seed counted its days from. A run that crosses midnight in Japan would
 * otherwise look for the seed's fully booked days one day off (the seed is written once, before the
 * server starts; the tests read the clock later).
 */
const FILE = "seed-day";

export function e2eDataDir(port = Number(process.env.E2E_PORT ?? 4173)): string {
  return `.data-e2e-${port}`;
}

export function writeSeedDay(dataDir: string, day: string): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, FILE), day);
}

let cached: string | undefined;

export function readSeedDay(): string {
  cached ??= readFileSync(path.join(e2eDataDir(), FILE), "utf8").trim();
  return cached;
}
