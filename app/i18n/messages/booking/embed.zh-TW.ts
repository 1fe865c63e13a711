import type { embedJa } from "./embed.ja";

export const embedZhTW: Record<keyof typeof embedJa, string> = {
  "embed.storage.title": "無法在此頁面中繼續預約",
  "embed.storage.body": "您的瀏覽器不允許嵌入在其他網站中的此預約畫面保存資訊（Cookie）。請在新分頁開啟預約網站繼續。",
  "embed.storage.kept": "已選擇的營業所、日期時間與車型會一併帶入。",
  "embed.storage.continue": "在新分頁繼續預約",
  "embed.newTab": "（在新分頁開啟）",
  "embed.another": "進行其他預約",
};
