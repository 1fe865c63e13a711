import { BlockList, isIP } from "node:net";

/**
 * Who may tell the app the public scheme, host and client address (docs/decisions/026-reverse-proxy.md).
 * `TRUST_PROXY` is off by default: the socket's peer is the client and `Forwarded` / `X-Forwarded-*`
 * are ignored. A hop count trusts that many proxies in front of the app, whoever they are; a list
 * trusts the proxies at those addresses only.
 */
export type TrustProxy =
  | { kind: "off" }
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; list: BlockList; description: string };

const KEYWORDS: Record<string, readonly string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/**
 * `TRUST_PROXY`'s value: empty for off, a hop count (`1`), or a comma-separated list of addresses,
 * CIDR ranges and the keywords `loopback` and `private`. Throws a message for anything else;
 * `true` is refused, since trusting every peer lets anyone choose their own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return { kind: "off" };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error("a hop count must be 1 to 10");
    return { kind: "hops", hops };
  }
  const list = new BlockList();
  for (const raw of text.split(",")) {
    const entry = raw.trim().toLowerCase();
    const ranges = KEYWORDS[entry] ?? [entry];
    for (const range of ranges) {
      const [address = "", bits, extra] = range.split("/");
      const family = isIP(address);
      const max = family === 6 ? 128 : 32;
      if (!family || extra !== undefined || (bits !== undefined && !/^\d{1,3}$/.test(bits)) || Number(bits) > max) {
        throw new Error(
          `"${raw.trim()}" is not a hop count, an address, a CIDR range, loopback or private (true is not accepted: name the proxies)`,
        );
      }
      const type = family === 6 ? "ipv6" : "ipv4";
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    }
  }
  return { kind: "addresses", list, description: text };
}

/** What the app takes as the request's public side. */
export interface PublicRequest {
  /** `https:` or `http:` */
  protocol: string;
  /** `booking.example.com` or `booking.example.com:8443`; the request's own Host when no proxy says otherwise. */
  host: string;
  /** The client's address: the socket's peer, or the right-most untrusted hop a trusted proxy names. */
  clientIp: string;
}

/** An IPv4 address mapped into IPv6 (`::ffff:10.0.0.1`) as IPv4, so one list covers both. */
function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function isTrusted(trust: TrustProxy, address: string, position: number): boolean {
  if (trust.kind === "off") return false;
  if (trust.kind === "hops") return position < trust.hops;
  const family = isIP(address);
  return family !== 0 && trust.list.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** One element of RFC 7239's `Forwarded`: `for=…;proto=…;host=…`, quoted or not. */
type ForwardedElement = Partial<Record<"for" | "proto" | "host", string>>;

function parseForwarded(header: string): ForwardedElement[] {
  const elements: ForwardedElement[] = [];
  // Commas separate elements, semicolons pairs; a quoted value may hold either.
  for (const element of header.match(/(?:[^,"]|"(?:[^"\\]|\\.)*")+/g) ?? []) {
    const parsed: ForwardedElement = {};
    for (const pair of element.match(/(?:[^;"]|"(?:[^"\\]|\\.)*")+/g) ?? []) {
      const eq = pair.indexOf("=");
      if (eq < 0) continue;
      const key = pair.slice(0, eq).trim().toLowerCase();
      let value = pair.slice(eq + 1).trim();
      if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
        value = value.slice(1, -1).replace(/\\(.)/g, "$1");
      }
      if (key === "for" || key === "proto" || key === "host") parsed[key] = value;
    }
    elements.push(parsed);
  }
  return elements;
}

/** A node from `Forwarded: for=`: `192.0.2.1`, `"192.0.2.1:4711"`, `"[2001:db8::1]:4711"`, `unknown`, `_hidden`. */
function forwardedNode(node: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(node);
  if (bracketed) return bracketed[1]!;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(node);
  return withPort ? withPort[1]! : node;
}

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const list = (header: string | null | undefined) =>
  (header ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

/** A value a proxy wrote for the hop `fromRight` places from the right of its list (lists may be shorter). */
const atHop = (values: string[], fromRight: number) =>
  values.length ? values[Math.max(0, values.length - fromRight)] : undefined;

/** What a client-supplied address may be in logs and throttle keys: short, no control characters. */
const clean = (address: string) => address.replace(/[^\w.:[\]-]/g, "").slice(0, 64) || "unknown";

/**
 * The public scheme, host and client address of a request that reached the app from `peer`.
 * Only hops the trust setting accepts are believed: the chain is walked from the socket outwards
 * through `Forwarded`'s `for=` (or `X-Forwarded-For`) while each address is a trusted proxy, and the
 * first untrusted one is the client; its proxy's `proto` and `host` are the public ones. An
 * untrusted peer's headers change nothing, whatever they say.
 */
export function resolvePublicRequest(
  trust: TrustProxy,
  peer: string,
  headers: Headers,
  direct: { protocol: string; host: string },
): PublicRequest {
  const socket = normalizeAddress(peer);
  if (!isTrusted(trust, socket, 0)) return { ...direct, clientIp: clean(socket) };

  const forwarded = headers.get("forwarded");
  const elements = forwarded ? parseForwarded(forwarded) : [];
  const chain = forwarded
    ? elements.map((e) => normalizeAddress(forwardedNode(e.for ?? "unknown"))).reverse()
    : list(headers.get("x-forwarded-for"))
        .map((a) => normalizeAddress(forwardedNode(a)))
        .reverse();

  // chain[i - 1] is the address the i-th proxy from us saw; step out while it is a proxy we trust.
  let hop = 0;
  while (hop < chain.length && isTrusted(trust, chain[hop]!, hop + 1)) hop++;
  // Without a chain the proxy names no client: it is the client as far as anyone can tell.
  const position = chain.length ? Math.min(hop + 1, chain.length) : 1;
  const clientIp = clean(chain.length ? chain[position - 1]! : socket);

  let proto: string | undefined;
  let host: string | undefined;
  if (forwarded) {
    const element = elements[elements.length - position];
    proto = element?.proto;
    host = element?.host;
  } else {
    proto = atHop(list(headers.get("x-forwarded-proto")), position);
    host = atHop(list(headers.get("x-forwarded-host")), position);
    const port = atHop(list(headers.get("x-forwarded-port")), position);
    if (host && port && /^\d{1,5}$/.test(port) && !/:\d+$/.test(host)) host = `${host}:${port}`;
  }
  const protocol = proto && /^https?$/i.test(proto) ? `${proto.toLowerCase()}:` : direct.protocol;
  const publicHost = host && HOST.test(host) ? host.toLowerCase() : direct.host;
  // The default port of the public scheme is left out, as browsers leave it out of `Origin`.
  const defaultPort = protocol === "https:" ? ":443" : ":80";
  return {
    protocol,
    host: publicHost.endsWith(defaultPort) ? publicHost.slice(0, -defaultPort.length) : publicHost,
    clientIp,
  };
}
