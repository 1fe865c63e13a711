import type { passwordJa } from "./password.ja";

export const passwordZhTW: Record<keyof typeof passwordJa, string> = {
  "pwreset.request.title": "重設密碼",
  "pwreset.request.lead": "請輸入您註冊時使用的電子郵件地址，我們將寄送設定新密碼的連結給您。",
  "pwreset.request.storeNote": "在門市註冊的會員，請在此設定您的首次密碼。您可以透過我們寄出的電子郵件連結進行設定。",
  "pwreset.request.email": "電子郵件地址",
  "pwreset.request.submit": "送出",
  "pwreset.backToLogin": "返回登入頁面",
  "pwreset.sent.title": "已寄出電子郵件",
  "pwreset.sent.lead": "若您輸入的電子郵件地址已註冊，我們已寄出設定密碼的連結。連結有效期限為1小時。",
  "pwreset.sent.spam": "若未收到電子郵件，請檢查垃圾郵件資料夾。",
  "pwreset.reset.title": "設定新密碼",
  "pwreset.reset.lead": "請輸入新密碼。設定完成後請從登入頁面登入。",
  "pwreset.reset.password": "新密碼",
  "pwreset.reset.confirm": "新密碼（確認）",
  "pwreset.reset.submit": "設定密碼",
  "pwreset.invalid.title": "此連結無法使用",
  "pwreset.invalid.requestAgain": "重新申請重設密碼",
  "pwreset.flash.done": "密碼已設定完成。請使用新密碼登入。",
  "pwreset.mail.subject": "【{site}】重設密碼通知",
  "pwreset.mail.body":
    "感謝您使用{site}。\n\n我們已收到您重設密碼的申請。請透過以下連結設定新密碼。\n\n{link}\n\n此連結有效期限為1小時，且僅能使用一次。\n若您未提出此申請，請忽略本郵件，您的密碼不會變更。",
  "pwreset.mail.firstSubject": "【{site}】首次密碼設定通知",
  "pwreset.mail.firstBody":
    "感謝您使用{site}。\n\n請透過以下連結為門市登錄的會員資料設定首次密碼。設定完成後即可使用此電子郵件地址及密碼登入。\n\n{link}\n\n此連結有效期限為1小時，且僅能使用一次。\n若您未提出此申請，請忽略本郵件。",
};
