import { describe, expect, it } from "vitest";
import { LOCALES } from "#common/locales";
import { MailMessageSchema } from "#server/mail/message";
import { loginUrl, welcomeMail } from "./member-mail.server";

const site = { siteId: "sakura", title: "さくらレンタカー", origin: "https://booking.example.com" };

describe("welcome mail", () => {
  it("links to the login page of the member's language", () => {
    expect(loginUrl(site, "ja")).toBe("https://booking.example.com/sakura/login");
    expect(loginUrl(site, "en")).toBe("https://booking.example.com/en/sakura/login");
    expect(loginUrl(site, "ko")).toBe("https://booking.example.com/kr/sakura/login");
    expect(loginUrl(site, "zh-TW")).toBe("https://booking.example.com/tw/sakura/login");
  });

  it.each(LOCALES)("in %s names the site, the member and the login link, and is a valid mail", (locale) => {
    const mail = welcomeMail(
      site,
      locale,
    )({ name: "山田 花子", email: "hanako@example.com", company: "", userType: 1 });
    expect(mail.subject).toContain("さくらレンタカー");
    expect(mail.text).toContain("山田 花子");
    expect(mail.text).toContain("hanako@example.com");
    expect(mail.text).toContain(loginUrl(site, locale));
    expect(mail.text).not.toMatch(/\{\w+\}/);
    expect(MailMessageSchema.safeParse({ to: "hanako@example.com", ...mail, locale, kind: "welcome" }).success).toBe(
      true,
    );
  });

  it("addresses a corporation with its company name", () => {
    const mail = welcomeMail(
      site,
      "en",
    )({ name: "Taro", email: "corp@example.com", company: "Sample Ltd.", userType: 2 });
    expect(mail.text).toContain("Dear Sample Ltd. Taro,");
  });
});
