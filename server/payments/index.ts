import type { Config } from "#server/config";
import { PaymentSimulator } from "./simulator";
import { StripeGateway } from "./stripe";
import type { PaymentGateway } from "./types";

export { brandOf, isRefusedBrand, luhnValid } from "./cards";
export { PaymentSimulator, SIMULATOR_WRONG_CVC } from "./simulator";
export { StripeGateway } from "./stripe";
export * from "./types";

type PaymentConfig = Pick<
  Config,
  | "PAYMENT_GATEWAY"
  | "STRIPE_SECRET_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_API_HOST"
  | "STRIPE_API_PORT"
  | "STRIPE_API_PROTOCOL"
>;

/** The gateway the configuration names: `simulator` (default) or `stripe`. Build one per process. */
export function createPaymentGateway(config: PaymentConfig): PaymentGateway {
  if (config.PAYMENT_GATEWAY === "stripe") {
    if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
      throw new Error("PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    }
    return new StripeGateway({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return new PaymentSimulator();
}
