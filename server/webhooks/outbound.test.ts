import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isAddressRefused, type LookupAll, outboundDispatcher, resolvedUrlProblem, SAVE_LOOKUP_MS } from "./outbound";

/** A resolver that answers from a table, as DNS would (this machine has none). */
function table(entries: Record<string, string[]>): LookupAll {
  return async (hostname) => {
    const addresses = entries[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

const lookup = table({
  "hooks.example.com": ["93.184.216.34"],
  "home.example.com": ["127.0.0.1"],
  "split.example.com": ["93.184.216.34", "10.0.0.5"],
  "nat64.example.com": ["64:ff9b::7f00:1"],
  localhost: ["127.0.0.1"],
});
const production = { allowHttpLoopback: false };
const development = { allowHttpLoopback: true };

describe("on save: where a name resolves", () => {
  it("refuses a name that resolves inside the network, even with the loopback exception", async () => {
    for (const rules of [production, development]) {
      expect(await resolvedUrlProblem("https://home.example.com/x", rules, lookup)).toBe("webhook_url_private");
      expect(await resolvedUrlProblem("https://split.example.com/x", rules, lookup)).toBe("webhook_url_private");
      expect(await resolvedUrlProblem("https://nat64.example.com/x", rules, lookup)).toBe("webhook_url_private");
      expect(await resolvedUrlProblem("https://hooks.example.com/x", rules, lookup)).toBeNull();
    }
    // The exception: loopback named plainly, where the server allows it.
    expect(await resolvedUrlProblem("http://localhost:4000/x", development, lookup)).toBeNull();
  });

  it("accepts a name that does not resolve now (the check at sending guards it), without waiting long", async () => {
    expect(await resolvedUrlProblem("https://not-yet.example.com/x", production, lookup)).toBeNull();
    vi.useFakeTimers();
    try {
      const never: LookupAll = () => new Promise(() => {});
      const answer = resolvedUrlProblem("https://slow.example.com/x", production, never);
      await vi.advanceTimersByTimeAsync(SAVE_LOOKUP_MS);
      expect(await answer).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("at sending: the address connected to", () => {
  let server: Server;
  let port: number;
  let received = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      received++;
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const dispatchers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(dispatchers.splice(0).map((d) => d.close()));
  });

  function send(url: string, options: { loopbackException: boolean }) {
    const dispatcher = outboundDispatcher({ ...options, lookup });
    dispatchers.push(dispatcher);
    return fetch(url, { method: "POST", body: "{}", dispatcher } as RequestInit);
  }

  async function refusal(url: string, options: { loopbackException: boolean }): Promise<unknown> {
    try {
      await send(url, options);
    } catch (err) {
      return err;
    }
    throw new Error(`${url} was reached`);
  }

  it("reaches loopback under the exception, with the stock fetch", async () => {
    const before = received;
    const response = await send(`http://127.0.0.1:${port}/hook`, { loopbackException: true });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
    expect((await send(`http://localhost:${port}/hook`, { loopbackException: true })).status).toBe(200);
    expect(received).toBe(before + 2);
  });

  it("refuses a name that resolves home, before any request is written", async () => {
    const before = received;
    const err = await refusal(`http://home.example.com:${port}/hook`, { loopbackException: false });
    expect(isAddressRefused(err)).toBe(true);
    // The exception is for loopback named plainly: a public name that leads home is refused all the same.
    expect(isAddressRefused(await refusal(`http://home.example.com:${port}/hook`, { loopbackException: true }))).toBe(
      true,
    );
    expect(isAddressRefused(await refusal(`http://split.example.com:${port}/hook`, { loopbackException: true }))).toBe(
      true,
    );
    expect(received).toBe(before);
  });

  it("refuses a literal loopback address by the socket's own address (no lookup happens for it)", async () => {
    const before = received;
    const err = await refusal(`http://127.0.0.1:${port}/hook`, { loopbackException: false });
    expect(isAddressRefused(err)).toBe(true);
    expect(received).toBe(before);
  });

  it("a name that does not resolve fails as a network error, not as a refusal", async () => {
    const err = await refusal(`http://nowhere.example.com:${port}/hook`, { loopbackException: false });
    expect(isAddressRefused(err)).toBe(false);
    expect((err as { cause?: { code?: string } }).cause?.code).toBe("ENOTFOUND");
  });
});
