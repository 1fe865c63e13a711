import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "#server/http/context";
import type { PaymentSimulator } from "#server/payments";
import { LOOPBACK } from "./dev-mail.server";
import { services } from "./site.server";

/**
 * The offline gateway's own log for a developer on this machine, as the dev mail outbox (decision
 * 017): only while the simulator is the gateway, and only to loopback; anyone else gets 404. It holds
 * no card details: operations, payment ids, amounts and idempotency keys. The browser tests compare
 * it with the booking's payments panel (each line carries its key) and mails (issue 37).
 */
export function simulatorLogForDeveloper(context: Readonly<RouterContextProvider>) {
  const { payments } = services(context);
  if (payments.kind !== "simulator" || !LOOPBACK.has(context.get(requestContext).clientIp)) {
    throw data(null, { status: 404 });
  }
  // By its kind, not instanceof: the app's build and the server's each bundle the class.
  return (payments as PaymentSimulator).log
    .filter((e) => e.op === "authorization" || e.op === "challenge" || e.op === "capture" || e.op === "refund")
    .map((e) => ({ ...e, at: e.at.toISOString() }));
}
