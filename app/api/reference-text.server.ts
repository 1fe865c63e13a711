/**
 * The reference page's own words (issue 42), in English and Japanese: the document's descriptions
 * stay as the document writes them; what the page adds around them (headings, labels, the webhook
 * guide) is here. Both catalogues have the same keys (the type says so).
 */

export type ReferenceLocale = "en" | "ja";

const en = {
  reference: "Reference",
  language: "Language",
  document: "OpenAPI 3.1 document",
  contents: "Contents",
  operations: "Operations",
  servers: "Servers",
  authentication: "Authentication",
  scopes: "Scopes",
  errors: "Errors",
  errorsLead: "A refused request answers with one of these statuses; the body's fields are shown with each operation.",
  schemas: "Schemas",
  webhooks: "Webhooks",
  parameters: "Parameters",
  requestBody: "Request body",
  responses: "Responses",
  example: "Example",
  exampleGenerated: "Example (made from the schema)",
  field: "Field",
  description: "Description",
  required: "required",
  optional: "optional",
  oneOf: "one of",
  in: "in",
  status: "Status",
  operationId: "Operation ID",
  who: "Who may call",
  anyone: "anyone",
  noSecurity: "no authentication",
  backToTop: "Back to the reference",
  notFound: "Not found",
  webhookGuide: "Webhook guide",
  webhookLead:
    "The site POSTs an event to each endpoint you register in the back office (Integrations → Webhooks) when a booking or its payment changes. Every event has the same envelope: `type`, `timestamp` and `data`; the fields of `data` are those of the API.",
  events: "Events",
  signatures: "Signatures",
  signaturesLead:
    "Every attempt is signed per Standard Webhooks. The headers `webhook-id`, `webhook-timestamp` and `webhook-signature` come with it. The signature is `v1,` followed by the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the endpoint's secret: the part after `whsec_`, base64-decoded. Check it on the raw bytes before parsing the JSON, compare in constant time, and refuse a timestamp more than five minutes from your clock.",
  verifyInNode: "Checking a delivery in Node.js (no library)",
  verifyWithLibrary:
    "The `standardwebhooks` package (npm, PyPI, Go, Ruby, PHP, Java…) does the same: `new Webhook(secret).verify(body, headers)`.",
  retries: "Retries and ids",
  retriesLead:
    "Answer with a 2xx status within {timeout} seconds; do the work after answering. Any other answer, a timeout or a refused connection is retried with the same `webhook-id` and the same body, {attempts} attempts in all, after waits of {delays}. `webhook-id` names the event: store the ids you have handled and ignore a repeat. Events can arrive out of order: `data.reservation.revision` rises with every change, so keep the state with the higher revision.",
  headers: "Headers",
  payload: "Payload",
};

export type ReferenceText = typeof en;

const ja: ReferenceText = {
  reference: "リファレンス",
  language: "言語",
  document: "OpenAPI 3.1 ドキュメント",
  contents: "目次",
  operations: "オペレーション",
  servers: "サーバー",
  authentication: "認証",
  scopes: "スコープ",
  errors: "エラー",
  errorsLead: "拒否されたリクエストは次のいずれかのステータスで応答します。本文の項目は各オペレーションに示します。",
  schemas: "スキーマ",
  webhooks: "Webhook",
  parameters: "パラメーター",
  requestBody: "リクエスト本文",
  responses: "レスポンス",
  example: "例",
  exampleGenerated: "例（スキーマから作成）",
  field: "項目",
  description: "説明",
  required: "必須",
  optional: "任意",
  oneOf: "次のいずれか",
  in: "場所",
  status: "ステータス",
  operationId: "オペレーション ID",
  who: "呼び出せる相手",
  anyone: "誰でも",
  noSecurity: "認証なし",
  backToTop: "リファレンスに戻る",
  notFound: "見つかりません",
  webhookGuide: "Webhook ガイド",
  webhookLead:
    "予約や支払いが変わると、管理画面（連携 → Webhook）で登録した各エンドポイントにイベントを POST します。どのイベントも同じ外枠（`type`、`timestamp`、`data`）で、`data` の項目名と値は API と同じです。",
  events: "イベント",
  signatures: "署名",
  signaturesLead:
    "すべての送信は Standard Webhooks に従って署名され、`webhook-id`、`webhook-timestamp`、`webhook-signature` ヘッダーが付きます。署名は `v1,` に続けて、`{webhook-id}.{webhook-timestamp}.{本文そのまま}` の HMAC-SHA256 を base64 にしたものです。鍵はエンドポイントのシークレットの `whsec_` より後ろを base64 デコードしたバイト列です。JSON を解析する前に受け取ったバイト列で検証し、比較は定数時間で行い、時計と 5 分以上ずれたタイムスタンプは拒否してください。",
  verifyInNode: "Node.js での検証（ライブラリなし）",
  verifyWithLibrary:
    "`standardwebhooks` パッケージ（npm、PyPI、Go、Ruby、PHP、Java など）でも同じ検証ができます：`new Webhook(secret).verify(body, headers)`。",
  retries: "再送と ID",
  retriesLead:
    "{timeout} 秒以内に 2xx で応答し、処理は応答の後で行ってください。それ以外の応答・タイムアウト・接続拒否は、同じ `webhook-id` と同じ本文で再送します（全 {attempts} 回、待ち時間は {delays}）。`webhook-id` はイベントを表します。処理済みの ID を保存し、重複は無視してください。イベントの順序は前後することがあります。`data.reservation.revision` は変更のたびに増えるので、大きい revision の状態を残してください。",
  headers: "ヘッダー",
  payload: "ペイロード",
};

export const REFERENCE_TEXT: Record<ReferenceLocale, ReferenceText> = { en, ja };

export const LANGUAGE_NAMES: Record<ReferenceLocale, string> = { en: "English", ja: "日本語" };
