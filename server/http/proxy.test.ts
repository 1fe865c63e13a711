import { describe, expect, it } from "vitest";
import { parseTrustProxy, resolvePublicRequest, type TrustProxy } from "./proxy";

const direct = { protocol: "http:", host: "127.0.0.1:3000" };
const resolve = (trust: TrustProxy, peer: string, headers: Record<string, string>) =>
  resolvePublicRequest(trust, peer, new Headers(headers), direct);

describe("TRUST_PROXY", () => {
  it("is off when unset, empty, false or 0", () => {
    for (const value of [undefined, "", " ", "false", "0"]) expect(parseTrustProxy(value).kind).toBe("off");
  });

  it("takes a hop count", () => {
    expect(parseTrustProxy("1")).toEqual({ kind: "hops", hops: 1 });
    expect(parseTrustProxy("2")).toEqual({ kind: "hops", hops: 2 });
    expect(() => parseTrustProxy("11")).toThrow(/1 to 10/);
  });

  it("takes addresses, CIDR ranges and the keywords loopback and private", () => {
    const trust = parseTrustProxy("loopback, 10.1.2.3, 192.0.2.0/24, 2001:db8::/32");
    if (trust.kind !== "addresses") throw new Error("expected addresses");
    for (const [address, type] of [
      ["127.0.0.1", "ipv4"],
      ["127.9.9.9", "ipv4"],
      ["::1", "ipv6"],
      ["10.1.2.3", "ipv4"],
      ["192.0.2.200", "ipv4"],
      ["2001:db8::5", "ipv6"],
    ] as const)
      expect(trust.list.check(address, type), address).toBe(true);
    for (const [address, type] of [
      ["10.1.2.4", "ipv4"],
      ["192.0.3.1", "ipv4"],
      ["2001:db9::1", "ipv6"],
    ] as const)
      expect(trust.list.check(address, type), address).toBe(false);
    const lan = parseTrustProxy("private");
    if (lan.kind !== "addresses") throw new Error("expected addresses");
    expect(lan.list.check("172.20.0.1", "ipv4")).toBe(true);
    expect(lan.list.check("8.8.8.8", "ipv4")).toBe(false);
  });

  it("refuses true, garbage and bad ranges with a message that says what it takes", () => {
    for (const value of ["true", "yes", "10.0.0.0/33", "::1/129", "1.2.3", "10.0.0.0/8/1", "loopback,,x"]) {
      expect(() => parseTrustProxy(value), value).toThrow(/hop count, an address, a CIDR range/);
    }
  });
});

describe("the public request", () => {
  const loopback = parseTrustProxy("loopback");
  const forwarded = {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "booking.example.com",
    "X-Forwarded-For": "203.0.113.7",
  };

  it("is the socket's when TRUST_PROXY is off: forwarded headers from anyone are ignored", () => {
    const off = parseTrustProxy(undefined);
    expect(resolve(off, "127.0.0.1", forwarded)).toEqual({ ...direct, clientIp: "127.0.0.1" });
    expect(resolve(off, "127.0.0.1", { Forwarded: "for=203.0.113.7;proto=https;host=booking.example.com" })).toEqual({
      ...direct,
      clientIp: "127.0.0.1",
    });
  });

  it("takes X-Forwarded-Proto, -Host and -For from a trusted proxy", () => {
    expect(resolve(loopback, "127.0.0.1", forwarded)).toEqual({
      protocol: "https:",
      host: "booking.example.com",
      clientIp: "203.0.113.7",
    });
    expect(resolve(parseTrustProxy("1"), "10.0.0.9", forwarded).clientIp).toBe("203.0.113.7");
  });

  it("ignores every forwarded header from an untrusted peer, a forged X-Forwarded-For included", () => {
    expect(resolve(loopback, "198.51.100.4", forwarded)).toEqual({ ...direct, clientIp: "198.51.100.4" });
  });

  it("takes the right-most untrusted address: an entry the client wrote itself is never believed", () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; the proxy appended the address it saw.
    expect(resolve(loopback, "127.0.0.1", { "X-Forwarded-For": "1.1.1.1, 203.0.113.7" }).clientIp).toBe("203.0.113.7");
    // Two proxies of ours (loopback and 10.0.0.2), then the client.
    const two = parseTrustProxy("loopback,10.0.0.0/8");
    expect(resolve(two, "127.0.0.1", { "X-Forwarded-For": "1.1.1.1, 203.0.113.7, 10.0.0.2" }).clientIp).toBe(
      "203.0.113.7",
    );
    // By hop count: two hops in front of the app.
    expect(
      resolve(parseTrustProxy("2"), "127.0.0.1", { "X-Forwarded-For": "1.1.1.1, 203.0.113.7, 10.0.0.2" }).clientIp,
    ).toBe("203.0.113.7");
    // Every hop trusted: the left-most is the best there is.
    expect(resolve(two, "127.0.0.1", { "X-Forwarded-For": "10.0.0.3, 10.0.0.2" }).clientIp).toBe("10.0.0.3");
    // No X-Forwarded-For: the proxy is the client as far as anyone can tell.
    expect(resolve(loopback, "127.0.0.1", { "X-Forwarded-Proto": "https" })).toMatchObject({
      protocol: "https:",
      clientIp: "127.0.0.1",
    });
  });

  it("reads RFC 7239 Forwarded before X-Forwarded-*, with quoted nodes, ports and IPv6", () => {
    expect(
      resolve(loopback, "127.0.0.1", {
        Forwarded: 'for=1.1.1.1, for="[2001:db8:cafe::17]:4711";proto=https;host="booking.example.com:8443"',
        "X-Forwarded-Proto": "http",
        "X-Forwarded-For": "9.9.9.9",
      }),
    ).toEqual({ protocol: "https:", host: "booking.example.com:8443", clientIp: "2001:db8:cafe::17" });
    expect(resolve(loopback, "::ffff:127.0.0.1", { Forwarded: 'for="203.0.113.7:5000";proto=HTTPS' })).toEqual({
      protocol: "https:",
      host: direct.host,
      clientIp: "203.0.113.7",
    });
    // The proto and host of the proxy that faced the client, not of a hop behind it.
    const two = parseTrustProxy("loopback,10.0.0.0/8");
    expect(
      resolve(two, "127.0.0.1", {
        Forwarded: "for=203.0.113.7;proto=https;host=booking.example.com, for=10.0.0.2;proto=http;host=internal",
      }),
    ).toEqual({ protocol: "https:", host: "booking.example.com", clientIp: "203.0.113.7" });
  });

  it("drops the scheme's default port and adds X-Forwarded-Port to a host without one", () => {
    expect(resolve(loopback, "127.0.0.1", { ...forwarded, "X-Forwarded-Host": "booking.example.com:443" }).host).toBe(
      "booking.example.com",
    );
    expect(resolve(loopback, "127.0.0.1", { ...forwarded, "X-Forwarded-Port": "8443" }).host).toBe(
      "booking.example.com:8443",
    );
  });

  it("keeps the direct scheme and host when a trusted proxy sends garbage, and never makes a bad address", () => {
    const garbage = resolve(loopback, "127.0.0.1", {
      "X-Forwarded-Proto": "javascript",
      "X-Forwarded-Host": "evil.example/path?x",
      "X-Forwarded-For": "<script>alert(1)</script>",
    });
    expect(garbage.protocol).toBe("http:");
    expect(garbage.host).toBe(direct.host);
    expect(garbage.clientIp).toMatch(/^[\w.:[\]-]{1,64}$/);
    expect(resolve(loopback, "127.0.0.1", { Forwarded: 'for="unterminated;proto=https' }).protocol).toMatch(
      /^https?:$/,
    );
    expect(resolve(loopback, "127.0.0.1", { Forwarded: "for=_hidden;proto=https" })).toMatchObject({
      protocol: "https:",
      clientIp: "_hidden",
    });
  });
});
