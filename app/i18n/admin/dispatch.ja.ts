/** The dispatch board's window, drag and drop and phone day list (issue 41). */
export const adminDispatchJa = {
  "admin.dispatch.days30": "30日間",
  "admin.dispatch.window": "表示する期間",
  "admin.dispatch.instructions":
    "予約のバーにフォーカスしてスペースキーで持ち上げ、上下の矢印キーで車両を選び、スペースキーで置きます。Escキーで取りやめます。Enterキーでは車両を選ぶ欄が開きます。",
  "admin.dispatch.pickedUp": "予約 {reserveNo} を持ち上げました。上下の矢印キーで車両を選び、スペースキーで置きます。",
  "admin.dispatch.overCar": "予約 {reserveNo} は {car} の上にあります。",
  "admin.dispatch.overNothing": "予約 {reserveNo} は車両の上にありません。",
  "admin.dispatch.dropped": "予約 {reserveNo} を {car} に移しています。",
  "admin.dispatch.cancelled": "予約 {reserveNo} の移動を取りやめました。車両は変わりません。",
  "admin.dispatch.moving": "移しています…",
  "admin.dispatch.refused": "車両を移せませんでした",
  "admin.dispatch.dayList": "日ごとの出発と返却",
  "admin.dispatch.departs": "出発",
  "admin.dispatch.returns": "返却",
  "admin.dispatch.nothingToday": "出発・返却はありません。",
  "admin.dispatch.noCarYet": "車両未割当",
  "admin.dispatch.dragHint": "バーは同じ車種の車両の行にドラッグできます（キーボードでは、バーでスペースキー）。",
} as const;
