import type { RouterContextProvider } from "react-router";
import { LoginSchema } from "#server/auth/fields.schema";
import { login } from "#server/auth/login";
import { requestContext } from "#server/http/context";
import { redirectWithFlash } from "./flash.server";
import { handleForm } from "./form-action.server";
import { getSession } from "./session.server";
import { getSite, services } from "./site.server";

/**
 * The login form's action, for the login page and the booking's login step: checks the password
 * (throttled), starts the member's session on a new id (a booking in progress is kept) and goes to
 * `next`, chosen from the form by the caller, with the welcome flash.
 */
export async function signIn(
  context: Readonly<RouterContextProvider>,
  request: Request,
  next: (form: FormData) => string,
) {
  const { siteId, locale } = getSite(context);
  const form = await request.formData();
  return handleForm(form, LoginSchema, async (input) => {
    const { db, sleep } = services(context);
    const clientIp = context.get(requestContext).clientIp;
    const { memberId } = await login(db, siteId, { ...input, clientIp, locale }, { sleep });
    await getSession(context).login(memberId);
    return redirectWithFlash(request, next(form), { kind: "success", key: "login.flash.welcome" });
  });
}
