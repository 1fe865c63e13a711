/** The back office's frame on every page (issue 41): the header's search box and the phone's menu. */
export const adminFrameJa = {
  "admin.search.label": "予約・会員を検索",
  "admin.search.placeholder": "予約番号・お名前・電話番号",
  "admin.search.submit": "検索",
  "admin.nav.menu": "メニュー",
  "admin.reason.choose_from": "「{value}」は登録されていません。次のいずれかを入力してください: {choices}",
  "admin.nav.close": "閉じる",
};
