import { data, redirect } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { services } from "#app/lib/site.server";
import { safeReturnPath } from "#server/auth/fields.schema";
import type { PaymentSimulator } from "#server/payments/simulator";
import type { Route } from "./+types/simulator-3ds";

/**
 * The payment simulator's 3-D Secure challenge (decision 018): the offline stand-in for the card
 * issuer's page, so in English only. Served only while the simulator is the gateway.
 */
function simulator(context: Route.LoaderArgs["context"]): PaymentSimulator {
  const { payments } = services(context);
  if (payments.kind !== "simulator") throw data(null, { status: 404 });
  return payments as PaymentSimulator;
}

const ID = /^sim_(seti|pi)_[0-9a-f-]{36}$/;

export function loader({ context, params, request }: Route.LoaderArgs) {
  simulator(context);
  if (!ID.test(params.id)) throw data(null, { status: 404 });
  return { returnTo: safeReturnPath(new URL(request.url).searchParams.get("return")) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const gateway = simulator(context);
  if (!ID.test(params.id)) throw data(null, { status: 404 });
  const form = await request.formData();
  const outcome = form.get("outcome") === "succeeded" ? "succeeded" : "failed";
  await gateway.resolveChallenge(params.id, outcome);
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get("return"));
  return redirect(returnTo ?? "/");
}

export const meta: Route.MetaFunction = () => [
  { title: "Test 3-D Secure authentication" },
  { name: "robots", content: "noindex" },
];

export default function Simulator3ds() {
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-8" lang="en">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        Test 3-D Secure authentication
      </h1>
      <p className="mt-2 text-gray-800">
        This page stands for your card issuer's authentication page. It is served by the payment simulator: no real card
        is charged.
      </p>
      <form method="post" className="card mt-6 flex flex-col gap-3 p-5">
        <CsrfField />
        <button
          type="submit"
          name="outcome"
          value="succeeded"
          className="btn-primary w-full"
          data-testid="3ds-complete"
        >
          Complete authentication
        </button>
        <button type="submit" name="outcome" value="failed" className="btn-secondary w-full" data-testid="3ds-fail">
          Fail authentication
        </button>
      </form>
    </main>
  );
}
