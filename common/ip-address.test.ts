import { describe, expect, it } from "vitest";
import { addressKind, isAllowedAddress, isLoopbackHost, isPublicHost } from "./ip-address";

describe("addressKind", () => {
  it("names every range an outbound request may not reach", () => {
    const cases: [string, string][] = [
      ["127.0.0.1", "loopback"],
      ["127.255.0.9", "loopback"],
      ["[::1]", "loopback"],
      ["10.1.2.3", "private"],
      ["172.16.0.1", "private"],
      ["192.168.1.10", "private"],
      ["[fd00::1]", "private"],
      ["169.254.169.254", "link_local"],
      ["[fe80::1]", "link_local"],
      ["100.64.0.1", "cgnat"],
      ["100.127.255.254", "cgnat"],
      ["224.0.0.1", "multicast"],
      ["[ff02::1]", "multicast"],
      ["240.0.0.1", "reserved"],
      ["255.255.255.255", "reserved"],
      ["192.0.2.1", "reserved"],
      ["198.18.0.1", "reserved"],
      ["[2001:db8::1]", "reserved"],
      ["[100::1]", "reserved"],
      ["0.0.0.0", "unspecified"],
      ["0.1.2.3", "unspecified"],
      ["[::]", "unspecified"],
      ["[::ffff:127.0.0.1]", "ipv4_mapped"],
      ["[::ffff:7f00:1]", "ipv4_mapped"],
      ["[::ffff:8.8.8.8]", "ipv4_mapped"],
      ["[::ffff:0:7f00:1]", "ipv4_mapped"],
      // What the URL parser makes of https://[::127.0.0.1]/.
      ["[::7f00:1]", "ipv4_compatible"],
      ["[::808:808]", "ipv4_compatible"],
      ["[64:ff9b::7f00:1]", "nat64"],
      ["[64:ff9b::808:808]", "nat64"],
      ["[2002:7f00:1::]", "6to4"],
      ["[2002:808:808::1]", "6to4"],
    ];
    expect(cases.map(([a]) => [a, addressKind(a)])).toEqual(cases);
  });

  it("takes public addresses of both families, and answers null for names", () => {
    for (const a of ["8.8.8.8", "93.184.216.34", "172.32.0.1", "100.128.0.1", "[2606:4700::1111]", "2a00:1450::1"]) {
      expect([a, addressKind(a)]).toEqual([a, "public"]);
    }
    for (const name of ["hooks.example.com", "localhost", "1.2.3", "0x7f.1", ""]) expect(addressKind(name)).toBeNull();
  });
});

describe("hosts and addresses", () => {
  it("localhost with or without its dot, and loopback addresses, are this machine", () => {
    for (const h of ["localhost", "localhost.", "LOCALHOST", "api.localhost", "api.localhost.", "127.0.0.1", "[::1]"]) {
      expect([h, isLoopbackHost(h)]).toEqual([h, true]);
      expect([h, isPublicHost(h)]).toEqual([h, false]);
    }
    // The mapped and translated forms are not the plain loopback the exception names.
    for (const h of ["[::ffff:7f00:1]", "[::7f00:1]", "[64:ff9b::7f00:1]", "localhostx", "localhost.example.com"]) {
      expect([h, isLoopbackHost(h)]).toEqual([h, false]);
    }
  });

  it("a public host is a public address or a name outside the local zones", () => {
    for (const h of [
      "hooks.example.com",
      "hooks.example.com.",
      "8.8.8.8",
      "[2606:4700::1111]",
      "localhost.example.com",
    ]) {
      expect([h, isPublicHost(h)]).toEqual([h, true]);
    }
    for (const h of ["printer.local", "db.internal", "nas.lan", "x.home.arpa.", "10.0.0.1", "[64:ff9b::7f00:1]", ""]) {
      expect([h, isPublicHost(h)]).toEqual([h, false]);
    }
  });

  it("a connection's address is allowed when public, or loopback under the exception", () => {
    expect(isAllowedAddress("93.184.216.34", { allowLoopback: false })).toBe(true);
    expect(isAllowedAddress("127.0.0.1", { allowLoopback: false })).toBe(false);
    expect(isAllowedAddress("127.0.0.1", { allowLoopback: true })).toBe(true);
    expect(isAllowedAddress("::1", { allowLoopback: true })).toBe(true);
    expect(isAllowedAddress("::ffff:127.0.0.1", { allowLoopback: true })).toBe(false);
    expect(isAllowedAddress("10.0.0.1", { allowLoopback: true })).toBe(false);
    expect(isAllowedAddress("", { allowLoopback: true })).toBe(false);
  });
});
