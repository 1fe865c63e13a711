/** The booking flow inside a client's own web site (decision 025). */
export const embedJa = {
  "embed.storage.title": "このページの中では予約を続けられません",
  "embed.storage.body":
    "お使いのブラウザが、他のサイトに埋め込まれたこの予約画面での情報の保存（Cookie）を許可していません。新しいタブで予約サイトを開いて続けてください。",
  "embed.storage.kept": "選んだ店舗・日時・車種は引き継がれます。",
  "embed.storage.continue": "新しいタブで予約を続ける",
  "embed.newTab": "（新しいタブで開きます）",
  "embed.another": "別の予約をする",
} as const;
