import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("PUBLIC_ORIGIN", () => {
  it("is optional", () => {
    expect(loadConfig({}).PUBLIC_ORIGIN).toBeUndefined();
  });

  it("accepts an http(s) origin, with or without a trailing slash", () => {
    expect(loadConfig({ PUBLIC_ORIGIN: "https://booking.example.com/" }).PUBLIC_ORIGIN).toBe(
      "https://booking.example.com",
    );
    expect(loadConfig({ PUBLIC_ORIGIN: "http://localhost:3000" }).PUBLIC_ORIGIN).toBe("http://localhost:3000");
  });

  it.each([
    "ftp://booking.example.com",
    "booking.example.com",
    "https://booking.example.com/app",
    "https://x.example?a=1",
  ])("stops the start on %s", (value) => {
    expect(() => loadConfig({ PUBLIC_ORIGIN: value })).toThrow(/PUBLIC_ORIGIN/);
  });
});
