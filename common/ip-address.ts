import ipaddr from "ipaddr.js";

/**
 * Which addresses our servers may send a request to (decision 046). Client-safe: the webhook form
 * checks a URL in the browser with the same rules. Ranges come from ipaddr.js, not from here.
 */

/** What an address is; only `public` may be the target of an outbound request. */
export type AddressKind =
  | "public"
  | "loopback"
  | "private"
  | "link_local"
  | "cgnat"
  | "multicast"
  | "reserved"
  | "unspecified"
  | "ipv4_mapped"
  | "ipv4_compatible"
  | "nat64"
  | "6to4";

const IPV4_KINDS: Record<string, AddressKind> = {
  unicast: "public",
  loopback: "loopback",
  private: "private",
  linkLocal: "link_local",
  carrierGradeNat: "cgnat",
  multicast: "multicast",
  unspecified: "unspecified",
};

const IPV6_KINDS: Record<string, AddressKind> = {
  unicast: "public",
  loopback: "loopback",
  uniqueLocal: "private",
  deprecatedSiteLocal: "private",
  linkLocal: "link_local",
  multicast: "multicast",
  unspecified: "unspecified",
  ipv4Mapped: "ipv4_mapped",
  // ::ffff:0:a.b.c.d, the translated form: an IPv4 address all the same.
  rfc6145: "ipv4_mapped",
  rfc6052: "nat64",
  "6to4": "6to4",
};

/** Global unicast: every public IPv6 address today is in 2000::/3 (the rest is unassigned). */
const GLOBAL_UNICAST = ipaddr.IPv6.parse("2000::");

/** The address in `text` (brackets and a zone allowed), or null when it is not a literal address. */
function parseLiteral(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.replace(/^\[(.*)\]$/, "$1");
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (bare.includes(":") && ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  return null;
}

/** The kind of a literal address (`127.0.0.1`, `::1`, `[::1]`), or null when `text` is not one. */
export function addressKind(text: string): AddressKind | null {
  const address = parseLiteral(text);
  if (!address) return null;
  const range = address.range();
  if (address.kind() === "ipv4") return IPV4_KINDS[range] ?? "reserved";
  const kind = IPV6_KINDS[range] ?? "reserved";
  if (kind !== "public") return kind;
  const v6 = address as ipaddr.IPv6;
  // ::a.b.c.d (the parser writes ::127.0.0.1 as ::7f00:1): the old IPv4-compatible form.
  if (v6.parts.slice(0, 6).every((p) => p === 0)) return "ipv4_compatible";
  return v6.match(GLOBAL_UNICAST, 3) ? "public" : "reserved";
}

/** Names that mean this machine: `localhost`, `*.localhost`, with or without the root's dot. */
const LOOPBACK_NAMES = /^(.+\.)?localhost\.?$/i;
/** Names that only mean something inside a network (mDNS, the usual private zones). */
const PRIVATE_NAMES = /(^|\.)(local|internal|intranet|lan|home\.arpa)\.?$/i;

/** A host (a URL's `hostname`) that names this machine plainly: a loopback address or `localhost`. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_NAMES.test(hostname) || addressKind(hostname) === "loopback";
}

/**
 * Whether a host may be sent to, judged by its text alone: a literal address must be public, a
 * name must not be a local one. What a public-looking name resolves to is checked apart
 * (on save and at every connection).
 */
export function isPublicHost(hostname: string): boolean {
  if (!hostname || LOOPBACK_NAMES.test(hostname) || PRIVATE_NAMES.test(hostname)) return false;
  const kind = addressKind(hostname);
  return kind === null || kind === "public";
}

/** Whether an address that a name resolved to, or a socket connected to, may be sent to. */
export function isAllowedAddress(address: string, options: { allowLoopback: boolean }): boolean {
  const kind = addressKind(address);
  return kind === "public" || (options.allowLoopback && kind === "loopback");
}
