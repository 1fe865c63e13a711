/** The address block that asks for the country first (issue 40). */
export const addressIntlJa = {
  "address.countryFirstHint": "お住まいの国を選んでください。住所の入力欄はこの国に合わせて変わります。",
  "address.zipHintJapan": "日本の郵便番号、半角数字7桁（ハイフン可）。",
};
