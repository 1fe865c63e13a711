export const passwordJa = {
  "pwreset.request.title": "パスワード再設定",
  "pwreset.request.lead": "ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。",
  "pwreset.request.storeNote":
    "店舗でご登録いただいたお客様は、こちらから初回のパスワードを設定してください。メールでお送りするリンクから設定できます。",
  "pwreset.request.email": "メールアドレス",
  "pwreset.request.submit": "送信する",
  "pwreset.backToLogin": "ログイン画面に戻る",
  "pwreset.sent.title": "メールを送信しました",
  "pwreset.sent.lead":
    "ご入力のメールアドレスが登録されている場合は、パスワード設定用のリンクをお送りしました。リンクの有効期限は1時間です。",
  "pwreset.sent.spam": "メールが届かない場合は、迷惑メールフォルダもご確認ください。",
  "pwreset.reset.title": "新しいパスワードの設定",
  "pwreset.reset.lead": "新しいパスワードを入力してください。設定後はログイン画面からログインしてください。",
  "pwreset.reset.password": "新しいパスワード",
  "pwreset.reset.confirm": "新しいパスワード（確認）",
  "pwreset.reset.submit": "パスワードを設定する",
  "pwreset.invalid.title": "リンクが無効です",
  "pwreset.invalid.requestAgain": "パスワード再設定をもう一度申し込む",
  "pwreset.flash.done": "パスワードを設定しました。新しいパスワードでログインしてください。",
  "pwreset.mail.subject": "【{site}】パスワード再設定のご案内",
  "pwreset.mail.body":
    "{site}をご利用いただきありがとうございます。\n\nパスワード再設定のお申し込みを受け付けました。下記のリンクから新しいパスワードを設定してください。\n\n{link}\n\nこのリンクの有効期限は1時間で、1回のみ使用できます。\nお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。",
  "pwreset.mail.firstSubject": "【{site}】初回パスワード設定のご案内",
  "pwreset.mail.firstBody":
    "{site}をご利用いただきありがとうございます。\n\n店舗でご登録いただいた会員情報に、下記のリンクから初回のパスワードを設定してください。設定後はこのメールアドレスとパスワードでログインできます。\n\n{link}\n\nこのリンクの有効期限は1時間で、1回のみ使用できます。\nお心当たりのない場合は、このメールを破棄してください。",
} as const;
