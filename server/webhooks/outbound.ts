import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction, Socket } from "node:net";
import { Agent, buildConnector, type Dispatcher } from "undici";
import { addressKind, isAllowedAddress, isLoopbackHost } from "#common/ip-address";
import { within } from "#server/lib/within";
import type { EndpointUrlProblem, EndpointUrlRules } from "./webhook.schema";

/**
 * Outbound requests reach public addresses only (decision 046). The URL's text is judged by
 * `endpointUrlProblem`; here, what a name resolves to: once on save, and at every connection, where
 * the address filtered is the one the socket uses (a name may resolve elsewhere by then).
 */

/** Every address of a name, as `dns.lookup(…, { all: true })` gives them; tests inject their own. */
export type LookupAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemLookup: LookupAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** How long saving an endpoint waits for its name to resolve. */
export const SAVE_LOOKUP_MS = 3000;

/** The code a refused connection carries, whichever layer refused it. */
export const ADDRESS_REFUSED = "ERR_ADDRESS_REFUSED";

export class AddressRefusedError extends Error {
  readonly code = ADDRESS_REFUSED;
  constructor() {
    super("address not allowed");
    this.name = "AddressRefusedError";
  }
}

/** Whether `err` or one of its causes is a refusal by address. */
export function isAddressRefused(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, n = 0;
    e && n < 5;
    e = e.cause as typeof e, n++
  ) {
    if (e.code === ADDRESS_REFUSED) return true;
  }
  return false;
}

/** The loopback exception (decision 034): only a URL that names loopback plainly, where the server allows it. */
function allowsLoopback(url: URL, rules: EndpointUrlRules): boolean {
  return rules.allowHttpLoopback && isLoopbackHost(url.hostname);
}

/**
 * On save: a name that resolves to an address that is not public is refused. A name that does not
 * resolve now is accepted (it may be set up later): the check at sending guards it.
 */
export async function resolvedUrlProblem(
  raw: string,
  rules: EndpointUrlRules,
  lookup: LookupAll = systemLookup,
): Promise<EndpointUrlProblem | null> {
  const url = new URL(raw);
  if (addressKind(url.hostname) !== null || allowsLoopback(url, rules)) return null;
  const addresses = await within(SAVE_LOOKUP_MS, "resolving the endpoint's host", lookup(url.hostname)).catch(
    () => null,
  );
  if (!addresses) return null;
  return addresses.every((a) => isAllowedAddress(a.address, { allowLoopback: false })) ? null : "webhook_url_private";
}

/** Loopback passes only for a host that names it plainly, and only under the exception. */
const policyFor = (hostname: string, loopbackException: boolean) => ({
  allowLoopback: loopbackException && isLoopbackHost(hostname),
});

/** A `lookup` for net/tls.connect that fails unless every address of the name is allowed. */
function filteringLookup(lookup: LookupAll, loopbackException: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const policy = policyFor(hostname, loopbackException);
    lookup(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = family ? found.filter((a) => a.family === family) : found;
        // One address inside the network is enough to refuse the name: the socket may pick it.
        if (!addresses.length || addresses.some((a) => !isAllowedAddress(a.address, policy))) {
          callback(new AddressRefusedError(), "", 0);
        } else if (options.all) {
          callback(null, addresses);
        } else {
          const [first] = addresses as [LookupAddress];
          callback(null, first.address, first.family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 0),
    );
  };
}

/**
 * An undici dispatcher for the stock `fetch` that connects to allowed addresses only: the lookup
 * filters what a name resolves to, then the connected socket's own address is checked (a literal
 * address skips the lookup), before any request is written. `loopbackException`: the server's
 * rule (decision 034), which lets a URL that names loopback plainly reach it.
 */
export function outboundDispatcher(options: { loopbackException: boolean; lookup?: LookupAll }): Dispatcher {
  const connect = buildConnector({
    lookup: filteringLookup(options.lookup ?? systemLookup, options.loopbackException),
  });
  return new Agent({
    connect: (opts, callback) =>
      connect(opts, (err, socket) => {
        if (err || !socket) return callback(err ?? new Error("no socket"), null);
        const policy = policyFor(opts.hostname, options.loopbackException);
        if (!isAllowedAddress((socket as Socket).remoteAddress ?? "", policy)) {
          socket.destroy();
          return callback(new AddressRefusedError(), null);
        }
        callback(null, socket);
      }),
  });
}
