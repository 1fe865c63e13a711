/** Receipts and qualified invoices in the back office (issue 37): the settings fields and the booking's receipts. */
export const adminInvoicesJa = {
  "admin.invoices.section": "領収書・適格請求書",
  "admin.invoices.lead":
    "お支払いごとの領収書（PDF）に記載する発行者です。登録番号を設定すると、領収書は適格請求書（返金は適格返還請求書）として発行されます。",
  "admin.invoices.issuerName": "発行者名（正式名称）",
  "admin.invoices.issuerNameHint": "空欄のときはサイトのタイトルを記載します（例: 株式会社さくらレンタカー）。",
  "admin.invoices.registrationNumber": "適格請求書発行事業者の登録番号",
  "admin.invoices.registrationNumberHint":
    "T と13桁の数字（例: T1234567890123）。空欄のときは適格請求書でない領収書になります。",
  "admin.reason.registration_number_format":
    "登録番号は T に続けて13桁の数字で入力してください（例: T1234567890123）。",
  "admin.reason.registration_number_check":
    "登録番号の検査用数字（T の次の1桁）が合いません。番号をもう一度お確かめください。",
  "admin.receipts.title": "領収書",
  "admin.receipts.receipt": "領収書 {number}",
  "admin.receipts.return": "返還 {number}",
  "admin.receipts.pdf": "PDF",
  "admin.receipts.download": "{number} のPDFをダウンロード",
  "admin.receipts.none": "領収書を発行できるお支払いはまだありません。",
  "admin.receipts.hint": "入出金の記録（成功したお支払いと返金）ごとに1通です。何度ダウンロードしても同じ番号です。",
} as const;
