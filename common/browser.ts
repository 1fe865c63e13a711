/** Spec §5: an agent lacking Chrome, Edge and Safari is flagged as unsupported. */
export function isSupportedBrowser(userAgent: string | null | undefined): boolean {
  if (!userAgent) return true;
  return /Chrome|Edg|Safari/.test(userAgent);
}
