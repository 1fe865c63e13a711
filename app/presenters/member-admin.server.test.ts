import { describe, expect, it } from "vitest";
import { MailMessageSchema } from "#server/mail/message";
import type { SiteBundle } from "#server/sites/site-bundle";
import { firstPasswordMails } from "./member-admin.server";

const bundle = {
  client: { siteId: "sakura" },
  settings: {
    siteTitle: "さくらレンタカー",
    siteTitleEn: "Sakura Rent-a-Car",
    siteTitleKr: "사쿠라 렌터카",
    siteTitleTw: null,
    supportedLanguages: "jp,en,kr",
  },
} as unknown as SiteBundle;

describe("the first-password mail of a member registered at the store", () => {
  const mails = firstPasswordMails(bundle, "https://booking.example.com");

  it("is offered in the site's languages only", () => {
    expect(mails.locales).toEqual(["ja", "en", "ko"]);
  });

  it.each([
    [
      "ja",
      "https://booking.example.com/sakura/password_reset?token=T",
      "【さくらレンタカー】初回パスワード設定のご案内",
    ],
    [
      "en",
      "https://booking.example.com/en/sakura/password_reset?token=T",
      "[Sakura Rent-a-Car] Set your first password",
    ],
    ["ko", "https://booking.example.com/kr/sakura/password_reset?token=T", "[사쿠라 렌터카] 첫 비밀번호 설정 안내"],
  ] as const)(
    "in %s names the site in that language and links to that language's password page",
    (locale, link, subject) => {
      const { linkFor, mail } = mails.mailIn(locale);
      expect(linkFor("T")).toBe(link);
      const written = mail({ link: linkFor("T"), firstPassword: true });
      expect(written.subject).toBe(subject);
      expect(written.text).toContain(link);
      expect(
        MailMessageSchema.safeParse({ to: "a@example.com", ...written, locale, kind: "password_reset" }).success,
      ).toBe(true);
    },
  );
});
