/** One place a Japanese postal code points to (spec §3, address lookup result). */
export interface PostalAddress {
  /** The 7-digit code, half-width, no hyphen. */
  zip: string;
  /** JIS prefecture code, 1–47. */
  prefCode: number;
  /** Prefecture name in Japanese (東京都). */
  prefecture: string;
  /** Municipality in Japanese (千代田区, 札幌市中央区). */
  city: string;
  /** Town area in Japanese (千代田); "" when the code covers the whole municipality. */
  town: string;
}

/**
 * Postal code → addresses. Several results when one code maps to several places; [] when the
 * code is unknown, malformed, or the service failed (address search is a convenience: a failure
 * leaves the form for the user to fill in, it never blocks it).
 */
export interface PostalLookup {
  lookup(zip: string): Promise<PostalAddress[]>;
}
