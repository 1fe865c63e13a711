/** The API for programs' key scopes (issue 42). */
export const adminPartnerApiJa = {
  "admin.apiKeys.scopeReservationsRead": "予約を読む（reservations:read）",
  "admin.apiKeys.scopeReservationsWrite": "予約・変更・キャンセル（reservations:write）",
  "admin.apiKeys.scopeReservationsReadShort": "予約の閲覧",
  "admin.apiKeys.scopeReservationsWriteShort": "予約の作成・変更",
} as const;
