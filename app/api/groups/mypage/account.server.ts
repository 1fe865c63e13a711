import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { reasonText } from "#app/api/problem.server";
import { PasswordChangeSchema, ProfileUpdateSchema, profileFormValues } from "#server/members/member.schema";
import { changePassword } from "#server/members/password-change";
import { getProfile, updateProfile } from "#server/members/profile";
import { checkWithdrawal, WITHDRAWAL_REFUSAL, withdraw } from "#server/members/withdrawal";
import { ProfileValuesSchema } from "./schemas.server";

export const ACCOUNT_OPERATIONS = [
  operation({
    method: "get",
    path: "/mypage/check-withdrawal",
    tag: "mypage",
    operationId: "mypage/check-withdrawal",
    summary: "Whether the member may withdraw now (not while renting, not while a reservation exists)",
    response: z
      .object({
        can_withdraw: z.boolean(),
        reason: z.enum(["withdrawal_renting", "withdrawal_reserved"]).nullable(),
        message: z.string().nullable().meta({ description: "Why not, in the request's language." }),
      })
      .meta({ id: "WithdrawalCheck" }),
    browser: "member",
    key: false,
    async handler({ db, siteId, locale, now, member }) {
      const me = await member();
      const check = await checkWithdrawal(db, siteId, me.id, now);
      if (check === "ok") return { can_withdraw: true, reason: null, message: null };
      const code = WITHDRAWAL_REFUSAL[check];
      return { can_withdraw: false, reason: code, message: reasonText(locale, { code }) };
    },
  }),
  operation({
    method: "get",
    path: "/mypage/edit",
    tag: "mypage",
    operationId: "mypage/edit",
    summary: "The profile form's current values",
    response: z.object({ user_id: z.number().int(), values: ProfileValuesSchema }),
    browser: "member",
    key: false,
    async handler({ db, siteId, member }) {
      const me = await member();
      const profile = await getProfile(db, siteId, me.id);
      return { user_id: me.id, values: profileFormValues({ ...profile, prefCode: profile.prefCode ?? 0 }) };
    },
  }),
  operation({
    method: "post",
    path: "/mypage/withdrawal",
    tag: "mypage",
    operationId: "mypage/withdrawal",
    summary: "Close the member's account; the session ends",
    description:
      "No payload. Refused (422, `withdrawal_renting` or `withdrawal_reserved`) while a rental is in progress or a reservation exists. Personal data, saved cards, unused drivers and licence images are erased; reservations keep the renter and driver as booked.",
    response: z.object({ withdrawn: z.literal(true) }),
    browser: "member",
    key: false,
    problems: [422],
    async handler({ db, siteId, services, session, member }) {
      const me = await member();
      await withdraw(db, siteId, me.id, {
        payments: services.payments,
        blobs: services.blobs,
        logger: services.logger,
      });
      await session!.logout();
      return { withdrawn: true as const };
    },
  }),
  operation({
    method: "post",
    path: "/mypage/update",
    tag: "mypage",
    operationId: "mypage/update",
    summary: "Save the profile (the registration's rules); a new e-mail needs `current_password`",
    body: ProfileUpdateSchema,
    response: z.object({ values: ProfileValuesSchema, email_changed: z.boolean() }),
    browser: "member",
    key: false,
    problems: [422],
    async handler({ db, siteId, body, member }) {
      const me = await member();
      const { emailChanged } = await updateProfile(db, siteId, me.id, body);
      const profile = await getProfile(db, siteId, me.id);
      return {
        values: profileFormValues({ ...profile, prefCode: profile.prefCode ?? 0 }),
        email_changed: emailChanged,
      };
    },
  }),
  operation({
    method: "post",
    path: "/mypage/password-update",
    tag: "mypage",
    operationId: "mypage/password-update",
    summary: "Change the password: the session continues on a new id, the member's other sessions end",
    body: PasswordChangeSchema,
    response: z.object({ password_changed: z.literal(true) }),
    browser: "member",
    key: false,
    problems: [422],
    async handler({ db, siteId, body, session, member }) {
      const me = await member();
      await changePassword(db, siteId, me.id, body);
      await session!.rotate();
      return { password_changed: true as const };
    },
  }),
];
