import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, shouldReload } from "./chunk-reload";

describe("chunk-load failures", () => {
  it("are told apart from other errors", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("dynamically imported module")).toBe(false);
  });

  it("reload at most once a minute", () => {
    const now = 1_000_000;
    expect(shouldReload(null, now)).toBe(true);
    expect(shouldReload(now - 1000, now)).toBe(false);
    expect(shouldReload(now - CHUNK_RELOAD_INTERVAL_MS + 1, now)).toBe(false);
    expect(shouldReload(now - CHUNK_RELOAD_INTERVAL_MS, now)).toBe(true);
  });
});
