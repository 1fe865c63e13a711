/**
 * The site's theme for the public layout. The rules are pure and shared with the back office's live
 * preview, so they live in common/theme.ts: one piece of code for the server and the browser.
 */
export { logoNeedsResize, siteTheme, type Theme } from "#common/theme";
