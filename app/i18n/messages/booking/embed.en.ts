import type { embedJa } from "./embed.ja";

export const embedEn: Record<keyof typeof embedJa, string> = {
  "embed.storage.title": "Your booking cannot continue inside this page",
  "embed.storage.body":
    "Your browser does not let this booking window, embedded in another site, keep your booking (cookies are blocked). Open the booking site in a new tab to continue.",
  "embed.storage.kept": "Your store, dates and car come with you.",
  "embed.storage.continue": "Continue in a new tab",
  "embed.newTab": "(opens in a new tab)",
  "embed.another": "Make another booking",
};
