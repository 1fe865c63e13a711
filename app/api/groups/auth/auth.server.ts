import { z } from "zod";
import { operation, Reply } from "#app/api/operation.server";
import { readCookie } from "#common/locales";
import { LoginSchema } from "#server/auth/fields.schema";
import { login } from "#server/auth/login";
import { CSRF_COOKIE, csrfCookie, newCsrfToken, validCsrfToken } from "#server/http/csrf";

/** The signed-in member as `users/me` and login answer it. */
export const MemberSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    company: z.string(),
    user_type: z.number().int().meta({ description: "1 individual, 2 corporate (spec §9)." }),
    email: z.string(),
    locale: z.string(),
  })
  .meta({ id: "Member" });

const memberOut = (m: {
  id: number;
  name: string;
  company: string;
  userType: number;
  email: string;
  locale: string;
}) => ({
  id: m.id,
  name: m.name,
  company: m.company,
  user_type: m.userType,
  email: m.email,
  locale: m.locale,
});

export const AUTH_OPERATIONS = [
  operation({
    method: "get",
    path: "/auth/csrf-cookie",
    tag: "auth",
    operationId: "csrf-cookie",
    summary: "The CSRF token a browser sends back in `X-CSRF-Token` with every POST",
    description: "Sets the `csrf` cookie when the browser has none (decision 012) and returns its value.",
    response: z.object({ csrf_token: z.string() }),
    browser: "anyone",
    key: false,
    async handler({ request }) {
      const current = validCsrfToken(readCookie(request.headers.get("cookie"), CSRF_COOKIE));
      if (current) return { csrf_token: current };
      const token = newCsrfToken();
      return new Reply(
        200,
        { csrf_token: token },
        { "Set-Cookie": csrfCookie(CSRF_COOKIE, token, new URL(request.url)) },
      );
    },
  }),
  operation({
    method: "post",
    path: "/users/login",
    tag: "auth",
    operationId: "users/login",
    summary: "Log a member in: the session continues on a new id, keeping a booking in progress",
    body: LoginSchema,
    response: z.object({ user: MemberSchema }),
    browser: "anyone",
    key: false,
    problems: [422],
    async handler({ db, siteId, locale, clientIp, body, session, services }) {
      const { memberId } = await login(db, siteId, { ...body, clientIp, locale }, { sleep: services.sleep });
      await session!.login(memberId);
      return { user: memberOut((await session!.member())!) };
    },
  }),
  operation({
    method: "post",
    path: "/users/logout",
    tag: "auth",
    operationId: "users/logout",
    summary: "End the browser's session",
    response: z.object({ logged_out: z.literal(true) }),
    browser: "anyone",
    key: false,
    async handler({ session }) {
      await session!.logout();
      return { logged_out: true as const };
    },
  }),
  operation({
    method: "get",
    path: "/users/me",
    tag: "auth",
    operationId: "users/me",
    summary: "The signed-in member (401 when the session has ended: log in again)",
    response: z.object({ user: MemberSchema }),
    browser: "member",
    key: false,
    async handler({ member }) {
      return { user: memberOut(await member()) };
    },
  }),
];
