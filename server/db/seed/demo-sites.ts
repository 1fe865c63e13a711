import { demoCatalogue, demoHighSeasonDates } from "./demo-catalogues";
import type { SiteInput } from "./factories";
import { type L2, type L4, ml } from "./ml-text";

/**
 * The demo sites: one per usage plan, plus an unpublished one. Every text is written in each
 * language the site supports; variants for unsupported languages stay unset so the Japanese
 * fallback rule is visible too. All companies, addresses, phone numbers (`000` exchange) and
 * e-mail addresses (`.example`) are fictitious.
 */

/** Base names of the multi-language columns used here. */
type MlKey =
  | "siteTitle"
  | "headerMessage"
  | "companyName"
  | "footerText"
  | "pageEditTop"
  | "title"
  | "body"
  | "pageTitle"
  | "pageContents"
  | "description"
  | "storeName"
  | "addressA"
  | "addressB"
  | "access"
  | "remarks";

/** Four-language text (sakura). */
const l4 = <K extends MlKey>(key: K, text: L4) => ml(key, text);
/** Japanese and English text (kaede). */
const l2 = <K extends MlKey>(key: K, text: L2) => ml(key, text);
/** Japanese-only text (fuji, hana, tsuki). */
const jp = <K extends MlKey>(key: K, text: string) => ml(key, text);

/** `YYYY-MM-DD` of the day `days` before `today`, in Japan time. */
/** Loopback on any port, both names: the embedding demo (`/_demo/embed`) frames one from the other. */
const LOOPBACK_ORIGINS = ["http://localhost:*", "http://127.0.0.1:*"];

function daysAgo(today: Date, days: number): string {
  const jst = new Date(today.getTime() + 9 * 3_600_000 - days * 86_400_000);
  return jst.toISOString().slice(0, 10);
}

export function demoSites(today: Date): SiteInput[] {
  return [sakura(today), kaede(today), fuji(today), hana(today), tsuki()];
}

// ---------------------------------------------------------------------------------------------
// sakura: premium, four languages, three stores in Okinawa, guests may book.
// ---------------------------------------------------------------------------------------------

// The figures come from the fee plans, as the booking prices them (app/routes/site/custom-page.tsx
// adds them under this text); a hand-written table here once disagreed with the quotes (issue 40).
const SAKURA_PRICE_LIST: L4 = {
  jp: `表示料金はすべて消費税込みです。ゴールデンウィーク、7月〜9月、年末年始は繁忙期料金となります。
店舗を選ぶと、その店舗の車両クラス別の料金が表示されます。

## オプション・補償

- 免責補償制度（CDW）：ご予約時に加入を選べます（料金は下の表をご覧ください）
- チャイルドシート・ジュニアシート：要予約・数に限りがあります
- 乗り捨て（那覇空港店⇔那覇市内店）：無料

各店舗の営業時間とアクセスは[店舗一覧](/sakura/store)をご覧ください。`,
  en: `All prices include consumption tax. Peak-season rates apply during Golden Week, from July to September and over the New Year holidays.
Choose a store to see its rates for each vehicle class.

## Options and coverage

- Collision Damage Waiver (CDW): you can add it when you book (see the tables below for its price)
- Child seat / booster seat: please request when booking; limited numbers
- One-way rental between the Naha Airport and Naha City stores: free

Opening hours and directions for each store are on the [store list](/en/sakura/store).`,
  tw: `所有價格皆含消費稅。黃金週、7月至9月及年末年初期間適用旺季價格。
選擇門市即可查看該門市各車型的費用。

## 加購選項與保險

- 免責補償（CDW）：可於預約時選擇加入（費用請見下表）
- 兒童安全座椅・增高座墊：需預約，數量有限
- 甲租乙還（那霸機場店⇔那霸市區店）：免費

各門市的營業時間與交通方式請見[門市一覽](/tw/sakura/store)。`,
  kr: `표시 요금은 모두 소비세 포함입니다. 골든위크, 7~9월, 연말연시에는 성수기 요금이 적용됩니다.
지점을 선택하시면 해당 지점의 차량 등급별 요금이 표시됩니다.

## 옵션 및 보상

- 면책 보상 제도(CDW): 예약 시 가입을 선택하실 수 있습니다(요금은 아래 표를 확인해 주세요)
- 유아용·아동용 카시트: 사전 예약 필요, 수량 한정
- 편도 반납(나하공항점⇔나하 시내점): 무료

지점별 영업시간과 오시는 길은 [지점 안내](/kr/sakura/store)에서 확인해 주세요.`,
};

const SAKURA_COMPANY: L4 = {
  jp: `| 項目 | 内容 |
|---|---|
| 会社名 | 株式会社さくらレンタカー沖縄 |
| 所在地 | 〒900-0015 沖縄県那覇市久茂地2-14-8 |
| 設立 | 2014年4月 |
| 代表者 | 代表取締役 比嘉 健太 |
| 資本金 | 1,000万円 |
| 事業内容 | レンタカー事業、空港送迎サービス、観光ドライブ情報の提供 |
| 許可番号 | 自家用自動車有償貸渡業 沖総陸第1483号 |
| 店舗 | 那覇空港店、那覇市内店、石垣店 |
| 予約センター | 098-000-8300（8:00〜21:00・年中無休） |

## ごあいさつ

沖縄の青い海と空を、もっと自由に楽しんでいただきたい。そんな想いから、2014年に那覇で創業しました。
地元スタッフならではのドライブコースや食事処の情報も、お気軽にお尋ねください。`,
  en: `| Item | Details |
|---|---|
| Company name | Sakura Rent-a-Car Okinawa Co., Ltd. |
| Address | 2-14-8 Kumoji, Naha, Okinawa 900-0015, Japan |
| Founded | April 2014 |
| Representative | Kenta Higa, President |
| Capital | 10 million yen |
| Business | Car rental, airport shuttle service, local driving information |
| Licence | Car rental business licence No. 1483 (Okinawa General Bureau) |
| Stores | Naha Airport, Naha City, Ishigaki |
| Reservation centre | 098-000-8300 (8:00–21:00, every day) |

## A word from us

We founded the company in Naha in 2014 so that more visitors could enjoy Okinawa's blue sea and sky at their own pace.
Our local staff are always happy to recommend scenic drives and places to eat.`,
  tw: `| 項目 | 內容 |
|---|---|
| 公司名稱 | 櫻花租車沖繩股份有限公司 |
| 地址 | 〒900-0015 沖繩縣那霸市久茂地2-14-8 |
| 成立 | 2014年4月 |
| 負責人 | 代表董事 比嘉健太 |
| 資本額 | 1,000萬日圓 |
| 營業項目 | 租車業務、機場接駁服務、觀光自駕資訊提供 |
| 許可證號 | 自用汽車有償出租業 沖總陸第1483號 |
| 門市 | 那霸機場店、那霸市區店、石垣店 |
| 預約中心 | 098-000-8300（8:00～21:00，全年無休） |

## 致各位旅客

希望讓更多人自由自在地享受沖繩的藍天與大海——懷著這樣的心意，我們於2014年在那霸創業。
在地員工熟悉各條自駕路線與美食餐廳，歡迎隨時詢問。`,
  kr: `| 항목 | 내용 |
|---|---|
| 회사명 | 주식회사 사쿠라 렌터카 오키나와 |
| 소재지 | 〒900-0015 오키나와현 나하시 구모지 2-14-8 |
| 설립 | 2014년 4월 |
| 대표자 | 대표이사 히가 겐타 |
| 자본금 | 1,000만 엔 |
| 사업 내용 | 렌터카 사업, 공항 셔틀 서비스, 관광 드라이브 정보 제공 |
| 허가 번호 | 자가용 자동차 유상 대여업 오키나와종합사무국 제1483호 |
| 지점 | 나하공항점, 나하 시내점, 이시가키점 |
| 예약센터 | 098-000-8300(8:00~21:00, 연중무휴) |

## 인사말

오키나와의 푸른 바다와 하늘을 더 자유롭게 즐기셨으면 하는 마음으로 2014년 나하에서 창업했습니다.
현지 직원만 아는 드라이브 코스와 맛집 정보도 부담 없이 물어봐 주세요.`,
};

const SAKURA_FAQ: L4 = {
  jp: `## Q. 会員登録をしなくても予約できますか？

はい、会員登録なしでもWebからご予約いただけます。会員登録をしていただくと、次回からお客様情報の入力が不要になり、予約の確認・変更もマイページから行えます。

## Q. 外国の運転免許証で運転できますか？

ジュネーブ条約に基づく国際運転免許証（韓国・アメリカなどで発行されたもの）をお持ちの方は、パスポートとあわせてご提示ください。
台湾・スイス・ドイツ・フランスなどの運転免許証をお持ちの方は、免許証の原本と日本語翻訳文が必要です。いずれも有効期限内のものに限ります。

## Q. キャンセル料はかかりますか？

{{cancellation_fees}}

## Q. ガソリンは満タンで返す必要がありますか？

はい、満タンでのご返却をお願いしています。各店舗の近くにガソリンスタンドがあり、場所はご出発時にスタッフがご案内します。満タンでない場合は、走行距離に応じて精算させていただきます。

## Q. 石垣店で借りた車で竹富島や西表島へ渡れますか？

申し訳ありませんが、レンタカーをフェリーに載せて離島へ渡ることはできません。離島では現地のレンタカーやレンタサイクルをご利用ください。`,
  en: `## Q. Can I book without becoming a member?

Yes, you can book online without registering. Members skip the personal details form on later bookings and can check or change reservations on My Page.

## Q. Can I drive with a foreign driving licence?

If you hold an International Driving Permit issued under the 1949 Geneva Convention (for example in Korea or the USA), please show it together with your passport.
Licences from Taiwan, Switzerland, Germany, France and some other countries must be accompanied by an official Japanese translation. All licences must be valid on the day of rental.

## Q. Is there a cancellation fee?

{{cancellation_fees}}

## Q. Do I need to return the car with a full tank?

Yes, please refuel before returning the car. There are petrol stations near every store, and our staff will show you where when you pick up the car. If the tank is not full, we charge for fuel based on the distance driven.

## Q. Can I take a car from the Ishigaki store to Taketomi or Iriomote Island?

We are sorry, but our cars may not be taken on ferries to other islands. Please use local rental cars or bicycles on the outer islands.`,
  tw: `## Q. 不加入會員也可以預約嗎？

可以，不需註冊會員也能在網站上預約。加入會員後，下次預約可省略填寫個人資料，也能在會員專區確認或變更預約。

## Q. 可以使用外國駕照開車嗎？

持有依據日內瓦公約核發之國際駕照（如韓國、美國核發者），請連同護照一併出示。
持有台灣、瑞士、德國、法國等國駕照者，須攜帶駕照正本及日文譯本。以上駕照皆須在有效期限內。

## Q. 取消預約需要付費嗎？

{{cancellation_fees}}

## Q. 還車時需要加滿油嗎？

是的，請加滿油後再還車。各門市附近都有加油站，取車時工作人員會告訴您位置。若未加滿，將依行駛距離計算油資。

## Q. 在石垣店租的車可以開到竹富島或西表島嗎？

很抱歉，租賃車輛無法搭乘渡輪前往離島。在離島請使用當地的租車或租借腳踏車服務。`,
  kr: `## Q. 회원 가입 없이도 예약할 수 있나요?

네, 회원 가입 없이도 웹사이트에서 예약하실 수 있습니다. 회원으로 가입하시면 다음 예약부터 고객 정보 입력을 생략할 수 있고, 마이페이지에서 예약 확인과 변경도 가능합니다.

## Q. 외국 운전면허증으로 운전할 수 있나요?

제네바 협약에 따른 국제운전면허증(한국, 미국 등에서 발급)을 소지하신 분은 여권과 함께 제시해 주세요.
대만, 스위스, 독일, 프랑스 등의 운전면허증을 소지하신 분은 면허증 원본과 일본어 번역문이 필요합니다. 모든 면허증은 유효기간 내의 것이어야 합니다.

## Q. 취소 수수료가 있나요?

{{cancellation_fees}}

## Q. 연료를 가득 채워서 반납해야 하나요?

네, 연료를 가득 채워 반납해 주세요. 각 지점 근처에 주유소가 있으며, 출발 시 직원이 위치를 안내해 드립니다. 가득 채우지 않으신 경우에는 주행 거리에 따라 연료비를 정산합니다.

## Q. 이시가키점에서 빌린 차로 다케토미섬이나 이리오모테섬에 갈 수 있나요?

죄송하지만 렌터카를 페리에 싣고 다른 섬으로 이동하실 수 없습니다. 낙도에서는 현지 렌터카나 자전거 대여를 이용해 주세요.`,
};

function sakura(today: Date): SiteInput {
  return {
    siteId: "sakura",
    clientId: 83,
    usagePlanType: 4,
    createdAt: new Date("2014-04-01T00:00:00+09:00"),
    settings: {
      // Fully booked car types are listed with × rather than left out.
      defaultDispEmptyCarType: 1,
      ...l4("siteTitle", {
        jp: "さくらレンタカー沖縄",
        en: "Sakura Rent-a-Car Okinawa",
        tw: "櫻花租車沖繩",
        kr: "사쿠라 렌터카 오키나와",
      }),
      ...l4("headerMessage", {
        jp: "那覇空港から無料送迎バスあり。ウェブ予約は出発の2時間前まで受け付けています。",
        en: "Free shuttle bus from Naha Airport. Book online up to 2 hours before pick-up.",
        tw: "那霸機場提供免費接駁巴士。網路預約最晚可於出發前2小時完成。",
        kr: "나하공항에서 무료 셔틀버스 운행. 인터넷 예약은 출발 2시간 전까지 가능합니다.",
      }),
      supportedLanguages: "jp,en,kr,tw",
      publicStatus: 1,
      isDispNonMember: true,
      siteColor: "#ee6e25",
      faviconPath: "/demo/sakura/favicon.svg",
      webReserveAccepting: true,
      settlementMethods: [1, 2, 3, 4],
      // Customers cancel online until a day before: half the total 1-3 days before, nothing earlier.
      customerCancel: true,
      customerCancelDeadlineHours: 24,
      cancellationFees: [
        { daysBefore: 0, percent: 100 },
        { daysBefore: 3, percent: 50 },
      ],
      // The client's own site frames the booking; loopback so the demo host page can (README).
      embedOrigins: ["https://www.sakura-rentacar.example", ...LOOPBACK_ORIGINS],
    },
    logo: { imgPath: "/demo/sakura/logo.svg", width: 240, height: 60 },
    tracking: { gaTrackingCode: "G-SAKURA8301", gtmContainerId: "GTM-SAKURA83" },
    footer: {
      ...l4("companyName", {
        jp: "株式会社さくらレンタカー沖縄",
        en: "Sakura Rent-a-Car Okinawa Co., Ltd.",
        tw: "櫻花租車沖繩股份有限公司",
        kr: "주식회사 사쿠라 렌터카 오키나와",
      }),
      ...l4("footerText", {
        jp: "〒900-0015 沖縄県那覇市久茂地2-14-8\n予約センター 8:00〜21:00（年中無休）／TEL 098-000-8300",
        en: "2-14-8 Kumoji, Naha, Okinawa 900-0015, Japan\nReservation centre 8:00–21:00 (open every day) / TEL 098-000-8300",
        tw: "〒900-0015 沖繩縣那霸市久茂地2-14-8\n預約中心 8:00～21:00（全年無休）／TEL 098-000-8300",
        kr: "〒900-0015 오키나와현 나하시 구모지 2-14-8\n예약센터 8:00~21:00(연중무휴) / TEL 098-000-8300",
      }),
    },
    topInfo: {
      siteImagePath: "/demo/sakura/hero.svg",
      ...l4("pageEditTop", {
        jp: `那覇空港・那覇市内・石垣島の3店舗で、軽自動車から8人乗りワゴンまで幅広くご用意しています。全車カーナビ・ETC車載器・バックカメラ付きなので、初めての沖縄ドライブも安心です。

那覇空港店へは空港から無料送迎バスで約10分。料金の目安は[料金表](/sakura/c/pricelist)、よくあるご質問は[FAQ](/sakura/c/faq)をご覧ください。`,
        en: `From three locations — Naha Airport, central Naha and Ishigaki Island — we rent everything from kei cars to 8-seat wagons. Every car has multilingual navigation, an ETC card reader and a rear-view camera, so even your first drive in Okinawa is an easy one.

Our Naha Airport store is about 10 minutes from the terminal by free shuttle bus. See the [price list](/en/sakura/c/pricelist) for sample rates and the [FAQ](/en/sakura/c/faq) for common questions.`,
        tw: `我們在那霸機場、那霸市區及石垣島設有3間門市，提供從輕型車到8人座MPV等多種車款。全車配備多語言導航、ETC車載機及倒車顯影，第一次在沖繩自駕也能安心上路。

那霸機場店距離機場航廈搭乘免費接駁車約10分鐘。參考價格請見[價目表](/tw/sakura/c/pricelist)，常見問題請見[FAQ](/tw/sakura/c/faq)。`,
        kr: `나하공항·나하 시내·이시가키섬 3개 지점에서 경차부터 8인승 왜건까지 다양한 차량을 준비하고 있습니다. 모든 차량에 다국어 내비게이션, ETC 단말기, 후방 카메라가 장착되어 있어 오키나와에서 처음 운전하시는 분도 안심하실 수 있습니다.

나하공항점은 공항에서 무료 셔틀버스로 약 10분 거리입니다. 요금은 [요금표](/kr/sakura/c/pricelist)에서, 자주 묻는 질문은 [FAQ](/kr/sakura/c/faq)에서 확인해 주세요.`,
      }),
    },
    news: [
      {
        publishedOn: daysAgo(today, 5),
        ...l4("title", {
          jp: "Webサイトをリニューアルしました",
          en: "Our website has been renewed",
          tw: "官方網站全新改版",
          kr: "웹사이트를 새롭게 단장했습니다",
        }),
        ...l4("body", {
          jp: "英語・繁体字中国語・韓国語にも対応し、スマートフォンからもご予約いただきやすくなりました。今後ともさくらレンタカー沖縄をよろしくお願いいたします。",
          en: "The site is now available in English, Traditional Chinese and Korean, and booking from a smartphone is easier than before. Thank you for choosing Sakura Rent-a-Car Okinawa.",
          tw: "新網站支援英文、繁體中文及韓文，使用手機預約也更加方便。感謝您對櫻花租車沖繩的支持。",
          kr: "영어, 중국어 번체, 한국어를 지원하며 스마트폰으로도 더욱 편리하게 예약하실 수 있습니다. 앞으로도 사쿠라 렌터카 오키나와를 많이 이용해 주시기 바랍니다.",
        }),
      },
      {
        publishedOn: daysAgo(today, 19),
        ...l4("title", {
          jp: "那覇空港店に8人乗りワゴンを増車しました",
          en: "More 8-seat wagons at Naha Airport",
          tw: "那霸機場店增加8人座MPV",
          kr: "나하공항점에 8인승 왜건을 증차했습니다",
        }),
        ...l4("body", {
          jp: "ノア・ヴォクシークラスの8人乗りワゴンを5台増車しました。ご家族やグループでのご旅行にぜひご利用ください。",
          en: "We have added five Noah/Voxy-class 8-seat wagons to our fleet — ideal for families and groups.",
          tw: "新增5輛Noah、Voxy等級的8人座MPV，非常適合家庭或團體旅遊。",
          kr: "노아·복시급 8인승 왜건 5대를 새로 도입했습니다. 가족이나 단체 여행에 이용해 보세요.",
        }),
      },
      {
        publishedOn: daysAgo(today, 41),
        ...l4("title", {
          jp: "石垣店の定休日について",
          en: "Regular holiday of the Ishigaki store",
          tw: "石垣店公休日說明",
          kr: "이시가키점 정기 휴무 안내",
        }),
        ...l4("body", {
          jp: "石垣店は毎月15日を定休日とさせていただいております。15日のご出発・ご返却はお受けできませんので、ご了承ください。",
          en: "The Ishigaki store is closed on the 15th of every month, so pick-ups and returns are not possible on that day.",
          tw: "石垣店每月15日為公休日，當天無法辦理取車及還車，敬請見諒。",
          kr: "이시가키점은 매월 15일이 정기 휴무일입니다. 15일에는 출발 및 반납이 불가하오니 양해 부탁드립니다.",
        }),
      },
      {
        publishedOn: daysAgo(today, 73),
        ...l4("title", {
          jp: "チャイルドシートの無料貸出を始めました",
          en: "Child seats are now free of charge",
          tw: "兒童安全座椅免費租借",
          kr: "유아용 카시트 무료 대여를 시작했습니다",
        }),
        ...l4("body", {
          jp: "6歳未満のお子様が同乗される場合は、チャイルドシートの使用が法律で義務付けられています。ご予約時にお申し付けください（数に限りがあります）。",
          en: "Japanese law requires child seats for children under six. Please request one when you book (limited numbers).",
          tw: "依日本法規，未滿6歲的兒童乘車時必須使用兒童安全座椅。請於預約時告知（數量有限）。",
          kr: "일본 법률에 따라 6세 미만 어린이가 탑승할 때는 카시트를 반드시 사용해야 합니다. 예약 시 요청해 주세요(수량 한정).",
        }),
      },
    ],
    customPages: [
      {
        pageUrl: "pricelist",
        displayOrder: 1,
        ...l4("pageTitle", { jp: "料金表", en: "Price List", tw: "價目表", kr: "요금표" }),
        ...l4("pageContents", SAKURA_PRICE_LIST),
      },
      {
        pageUrl: "company",
        displayOrder: 2,
        ...l4("pageTitle", { jp: "会社概要", en: "Company Profile", tw: "公司簡介", kr: "회사 소개" }),
        ...l4("pageContents", SAKURA_COMPANY),
      },
      {
        pageUrl: "faq",
        displayOrder: 3,
        ...l4("pageTitle", { jp: "よくあるご質問", en: "FAQ", tw: "常見問題", kr: "자주 묻는 질문" }),
        ...l4("pageContents", SAKURA_FAQ),
      },
    ],
    seo: [
      {
        pageKind: "top",
        ...l4("pageTitle", {
          jp: "さくらレンタカー沖縄｜那覇空港・石垣島のレンタカー予約",
          en: "Sakura Rent-a-Car Okinawa | Car rental at Naha Airport and Ishigaki",
          tw: "櫻花租車沖繩｜那霸機場・石垣島租車預約",
          kr: "사쿠라 렌터카 오키나와 | 나하공항·이시가키섬 렌터카 예약",
        }),
        ...l4("description", {
          jp: "那覇空港・那覇市内・石垣島でレンタカーを借りるなら、さくらレンタカー沖縄。軽自動車から8人乗りワゴンまで、空港無料送迎付きでWeb予約も簡単です。",
          en: "Rent a car in Naha or on Ishigaki Island with Sakura Rent-a-Car Okinawa: kei cars to 8-seat wagons, free airport shuttle and easy online booking.",
          tw: "在那霸機場、那霸市區及石垣島租車，就選櫻花租車沖繩。從輕型車到8人座MPV一應俱全，提供機場免費接駁，線上預約輕鬆簡單。",
          kr: "나하공항·나하 시내·이시가키섬 렌터카는 사쿠라 렌터카 오키나와. 경차부터 8인승 왜건까지, 공항 무료 셔틀과 간편한 온라인 예약을 제공합니다.",
        }),
      },
      {
        pageKind: "store",
        ...l4("pageTitle", {
          jp: "店舗一覧｜さくらレンタカー沖縄",
          en: "Stores | Sakura Rent-a-Car Okinawa",
          tw: "門市一覽｜櫻花租車沖繩",
          kr: "지점 안내 | 사쿠라 렌터카 오키나와",
        }),
        ...l4("description", {
          jp: "那覇空港店・那覇市内店・石垣店の所在地、営業時間、定休日、アクセスをご案内します。",
          en: "Addresses, opening hours, regular holidays and directions for our Naha Airport, Naha City and Ishigaki stores.",
          tw: "那霸機場店、那霸市區店及石垣店的地址、營業時間、公休日與交通方式。",
          kr: "나하공항점·나하 시내점·이시가키점의 주소, 영업시간, 정기 휴무일, 오시는 길을 안내합니다.",
        }),
      },
      {
        pageKind: "store_detail",
        ...l4("pageTitle", {
          jp: "店舗情報・アクセス｜さくらレンタカー沖縄",
          en: "Store information and directions | Sakura Rent-a-Car Okinawa",
          tw: "門市資訊・交通方式｜櫻花租車沖繩",
          kr: "지점 정보·오시는 길 | 사쿠라 렌터카 오키나와",
        }),
        ...l4("description", {
          jp: "店舗の住所・電話番号・営業時間と、空港からの送迎やアクセス方法をご案内します。",
          en: "Address, phone number and opening hours of the store, with shuttle and access information.",
          tw: "門市地址、電話、營業時間，以及機場接駁與交通方式說明。",
          kr: "지점 주소, 전화번호, 영업시간과 공항 셔틀 및 오시는 길을 안내합니다.",
        }),
      },
      {
        pageKind: "fee",
        ...l4("pageTitle", {
          jp: "料金プラン｜さくらレンタカー沖縄",
          en: "Rates and plans | Sakura Rent-a-Car Okinawa",
          tw: "租車費用方案｜櫻花租車沖繩",
          kr: "요금 플랜 | 사쿠라 렌터카 오키나와",
        }),
        ...l4("description", {
          jp: "軽自動車・コンパクト・ミニバン・8人乗りワゴンなど車両クラス別の料金をご確認いただけます。表示料金はすべて税込です。",
          en: "Rates by vehicle class, from kei cars and compacts to minivans and 8-seat wagons. All prices include tax.",
          tw: "依車型查看輕型車、小型車、MPV、8人座車等租車費用，所有價格皆含稅。",
          kr: "경차, 소형차, 미니밴, 8인승 왜건 등 차량 등급별 요금을 확인하실 수 있습니다. 모든 요금은 세금 포함입니다.",
        }),
      },
      {
        pageKind: "reserve",
        ...l4("pageTitle", {
          jp: "空車検索・ご予約｜さくらレンタカー沖縄",
          en: "Check availability and book | Sakura Rent-a-Car Okinawa",
          tw: "空車查詢・線上預約｜櫻花租車沖繩",
          kr: "빈 차량 검색·예약 | 사쿠라 렌터카 오키나와",
        }),
        ...l4("description", {
          jp: "ご出発日時と店舗を選んで、空車の確認からご予約まで24時間いつでもWebで完結。会員登録なしでもご予約いただけます。",
          en: "Choose your store and dates, check availability and book online at any time — no membership needed.",
          tw: "選擇門市與出發日期，即可24小時線上查詢空車並完成預約，無需加入會員。",
          kr: "지점과 출발 일시를 선택하면 24시간 언제든지 빈 차량 확인부터 예약까지 온라인으로 완료할 수 있습니다. 회원 가입 없이도 예약 가능합니다.",
        }),
      },
    ],
    stores: [
      {
        ...l4("storeName", { jp: "那覇空港店", en: "Naha Airport Store", tw: "那霸機場店", kr: "나하공항점" }),
        zip: "901-0142",
        prefCode: 47,
        ...l4("addressA", { jp: "沖縄県那覇市", en: "Naha, Okinawa", tw: "沖繩縣那霸市", kr: "오키나와현 나하시" }),
        ...l4("addressB", { jp: "鏡水280-5", en: "280-5 Kagamizu", tw: "鏡水280-5", kr: "가가미즈 280-5" }),
        tel: "098-000-8301",
        email: "naha-airport@sakura-rentacar.example",
        ...l4("access", {
          jp: "那覇空港国内線ターミナル1階の到着ロビーを出て道路を渡り、レンタカー送迎バス乗り場から当社の送迎バス（オレンジ色の車体）にご乗車ください。店舗まで約10分です。\n国際線でご到着の方は、連絡通路を通って国内線ターミナルへお進みください。",
          en: "Leave the arrivals lobby on the 1st floor of the domestic terminal, cross the road to the rental-car shuttle stop and board our orange shuttle bus. The store is about 10 minutes away.\nIf you arrive on an international flight, follow the connecting walkway to the domestic terminal.",
          tw: "走出國內線航廈1樓入境大廳後，穿越馬路至租車接駁車乘車處，搭乘本公司的橘色接駁車，約10分鐘即可抵達門市。\n搭乘國際線抵達的旅客，請沿連通走道前往國內線航廈。",
          kr: "국내선 터미널 1층 도착 로비로 나오신 후 길을 건너 렌터카 셔틀버스 승차장에서 당사 셔틀버스(주황색 차량)를 이용해 주세요. 지점까지 약 10분 소요됩니다.\n국제선으로 도착하신 분은 연결 통로를 따라 국내선 터미널로 이동해 주세요.",
        }),
        ...l4("remarks", {
          jp: "送迎バスは約15分間隔で運行しています。ご返却後も空港まで無料でお送りします。\nご返却は、ご搭乗便の出発時刻の2時間前までをおすすめします。",
          en: "Shuttles run about every 15 minutes, and we will take you back to the airport free of charge after you return the car.\nWe recommend returning the car at least 2 hours before your flight.",
          tw: "接駁車約每15分鐘一班，還車後也會免費送您回機場。\n建議於班機起飛前2小時完成還車。",
          kr: "셔틀버스는 약 15분 간격으로 운행하며, 반납 후에도 공항까지 무료로 모셔다 드립니다.\n항공편 출발 2시간 전까지 반납하시기를 권장합니다.",
        }),
        displayOrder: 1,
        businessStartTime: "08:00",
        businessEndTime: "21:00",
        regularHolidayWeek: [],
        highSeasonDates: demoHighSeasonDates(today),
        regularHolidayDates: [],
      },
      {
        ...l4("storeName", { jp: "那覇市内店", en: "Naha City Store", tw: "那霸市區店", kr: "나하 시내점" }),
        zip: "900-0015",
        prefCode: 47,
        ...l4("addressA", { jp: "沖縄県那覇市", en: "Naha, Okinawa", tw: "沖繩縣那霸市", kr: "오키나와현 나하시" }),
        ...l4("addressB", { jp: "久茂地2-14-8", en: "2-14-8 Kumoji", tw: "久茂地2-14-8", kr: "구모지 2-14-8" }),
        tel: "098-000-8302",
        email: "naha-city@sakura-rentacar.example",
        ...l4("access", {
          jp: "ゆいレール「県庁前駅」から徒歩約6分、国際通りから徒歩約3分です。",
          en: "About 6 minutes' walk from Kenchomae Station on the Yui Rail monorail, and 3 minutes from Kokusai-dori.",
          tw: "從單軌電車（Yui Rail）「縣廳前站」步行約6分鐘，距離國際通步行約3分鐘。",
          kr: "유이레일 '겐초마에역'에서 도보 약 6분, 국제거리에서 도보 약 3분 거리입니다.",
        }),
        ...l4("remarks", {
          jp: "市内のホテルにご宿泊の方に便利な店舗です。店舗前の駐車スペースが限られているため、お車でのお越しはご遠慮ください。\n毎週水曜日は定休日です。",
          en: "Convenient if you are staying at a hotel in the city. Parking in front of the store is very limited, so please do not come by car.\nClosed every Wednesday.",
          tw: "適合入住那霸市區飯店的旅客。門市前停車空間有限，請勿開車前來。\n每週三為公休日。",
          kr: "시내 호텔에 숙박하시는 분께 편리한 지점입니다. 지점 앞 주차 공간이 협소하오니 차량으로 방문하시는 것은 삼가 주세요.\n매주 수요일은 정기 휴무일입니다.",
        }),
        displayOrder: 2,
        businessStartTime: "09:00",
        businessEndTime: "19:00",
        regularHolidayWeek: [3],
        highSeasonDates: demoHighSeasonDates(today),
        regularHolidayDates: [],
      },
      {
        ...l4("storeName", { jp: "石垣店", en: "Ishigaki Store", tw: "石垣店", kr: "이시가키점" }),
        zip: "907-0004",
        prefCode: 47,
        ...l4("addressA", {
          jp: "沖縄県石垣市",
          en: "Ishigaki, Okinawa",
          tw: "沖繩縣石垣市",
          kr: "오키나와현 이시가키시",
        }),
        ...l4("addressB", { jp: "登野城1-8-3", en: "1-8-3 Tonoshiro", tw: "登野城1-8-3", kr: "도노시로 1-8-3" }),
        tel: "0980-00-8303",
        email: "ishigaki@sakura-rentacar.example",
        ...l4("access", {
          jp: "石垣港離島ターミナルから徒歩約8分。新石垣空港から車で約25分です。\n空港と店舗の間は無料送迎を行っています（要予約）。",
          en: "About 8 minutes' walk from the Ishigaki Port Ferry Terminal and 25 minutes by car from New Ishigaki Airport.\nWe offer a free transfer between the airport and the store (reservation required).",
          tw: "從石垣港離島碼頭步行約8分鐘，距離新石垣機場車程約25分鐘。\n提供機場與門市之間的免費接送（需預約）。",
          kr: "이시가키항 이도 터미널에서 도보 약 8분, 신이시가키공항에서 차로 약 25분 거리입니다.\n공항과 지점 간 무료 픽업 서비스를 운영하고 있습니다(사전 예약 필요).",
        }),
        ...l4("remarks", {
          jp: "毎月15日は定休日です（15日のご出発・ご返却はできません）。\nレンタカーをフェリーに載せて竹富島・西表島などの離島へ渡ることはできません。",
          en: "Closed on the 15th of every month (no pick-ups or returns on that day).\nOur cars may not be taken on ferries to Taketomi, Iriomote or other islands.",
          tw: "每月15日為公休日（當天無法取車及還車）。\n租賃車輛不可搭乘渡輪前往竹富島、西表島等離島。",
          kr: "매월 15일은 정기 휴무일입니다(15일에는 출발·반납 불가).\n렌터카를 페리에 싣고 다케토미섬, 이리오모테섬 등 다른 섬으로 이동하실 수 없습니다.",
        }),
        displayOrder: 3,
        businessStartTime: "08:30",
        businessEndTime: "19:30",
        regularHolidayWeek: [],
        highSeasonDates: demoHighSeasonDates(today),
        regularHolidayDates: [15],
      },
    ],
    catalogue: demoCatalogue("sakura", today),
  };
}

// ---------------------------------------------------------------------------------------------
// kaede: standard-plus, Japanese and English, two stores in Kyoto, members only.
// ---------------------------------------------------------------------------------------------

function kaede(today: Date): SiteInput {
  return {
    siteId: "kaede",
    clientId: 12,
    usagePlanType: 3,
    createdAt: new Date("2009-10-01T00:00:00+09:00"),
    settings: {
      ...l2("siteTitle", { jp: "かえでレンタカー京都", en: "Kaede Rent-a-Car Kyoto" }),
      supportedLanguages: "jp,en",
      publicStatus: 1,
      isDispNonMember: false,
      siteColor: "#1e3a5f",
      webReserveAccepting: true,
      embedOrigins: ["https://www.kaede-rentacar.example", ...LOOPBACK_ORIGINS],
    },
    logo: { imgPath: "/demo/kaede/logo.svg", width: 520, height: 80 },
    footer: {
      ...l2("companyName", { jp: "株式会社かえでレンタカー京都", en: "Kaede Rent-a-Car Kyoto Co., Ltd." }),
      ...l2("footerText", {
        jp: "〒600-8216 京都府京都市下京区東塩小路町721-1\n営業時間 8:00〜20:00（京都駅前店・年中無休）／TEL 075-000-1201",
        en: "721-1 Higashishiokoji-cho, Shimogyo-ku, Kyoto 600-8216, Japan\nOpen 8:00–20:00 (Kyoto Station store, every day) / TEL 075-000-1201",
      }),
    },
    topInfo: {
      siteImagePath: "/demo/kaede/hero.svg",
      ...l2("pageEditTop", {
        jp: `京都駅前と嵐山の2店舗で、観光にもビジネスにも使いやすいレンタカーをご用意しています。美山や天橋立、琵琶湖方面への日帰りドライブにもおすすめです。

ご予約は会員様限定です（会員登録は無料）。はじめての方は[ご利用ガイド](/kaede/c/guide)をご覧ください。`,
        en: `From our stores at Kyoto Station and in Arashiyama, we rent cars for sightseeing and business alike — perfect for day trips to Miyama, Amanohashidate or Lake Biwa.

Booking is for members only (membership is free). If this is your first time, please read [How to Rent](/en/kaede/c/guide).`,
      }),
    },
    news: [
      {
        publishedOn: daysAgo(today, 9),
        ...l2("title", { jp: "会員様限定 平日割引を始めました", en: "New weekday discount for members" }),
        ...l2("body", {
          jp: "月曜日〜木曜日のご出発で24時間以上ご利用の場合、基本料金が10%割引になります。マイページからのご予約が対象です。",
          en: "Rentals of 24 hours or more starting Monday to Thursday get 10% off the basic rate when booked from My Page.",
        }),
      },
      {
        publishedOn: daysAgo(today, 33),
        ...l2("title", {
          jp: "京都駅前店にハイブリッド車を増車しました",
          en: "More hybrid cars at the Kyoto Station store",
        }),
        ...l2("body", {
          jp: "プリウス・アクアを合わせて6台増車しました。燃費の良いハイブリッド車で、郊外へのドライブをお得にお楽しみください。",
          en: "We have added six Prius and Aqua hybrids. Enjoy fuel-efficient drives out of the city.",
        }),
      },
    ],
    customPages: [
      {
        pageUrl: "guide",
        displayOrder: 1,
        ...l2("pageTitle", { jp: "ご利用ガイド", en: "How to Rent" }),
        ...l2("pageContents", {
          jp: `## ご予約からご返却まで

- STEP 1 会員登録（無料）：メールアドレスとお客様情報をご登録ください。
- STEP 2 空車検索・ご予約：ご希望の店舗・日時・車種を選んでご予約ください。
- STEP 3 ご来店・貸出：運転される方全員の運転免許証をお持ちください。車両の状態をスタッフと一緒に確認してから出発します。
- STEP 4 ご返却：ガソリンを満タンにしてご返却ください。

## ご来店時にお持ちいただくもの

- 運転される方全員の運転免許証（海外の方は国際運転免許証とパスポート）
- お支払いに使用するクレジットカード

## 京都でのドライブのご注意

市内中心部や観光地の周辺は、春と秋の観光シーズンを中心に大変混雑し、駐車場も限られます。市内観光は電車やバスと組み合わせ、お車は郊外へのドライブにご活用いただくのがおすすめです。

ご不明な点は[店舗一覧](/kaede/store)の各店舗までお電話でお問い合わせください。`,
          en: `## From booking to return

- STEP 1 Sign up (free): register your e-mail address and personal details.
- STEP 2 Search and book: choose a store, dates and car class.
- STEP 3 Pick up: bring the driving licence of everyone who will drive. We check the car together with you before you set off.
- STEP 4 Return: please refuel to a full tank before returning the car.

## What to bring

- The driving licence of every driver (visitors from abroad: International Driving Permit and passport)
- The credit card you will pay with

## Driving in Kyoto

Central Kyoto and the main sights are very crowded, especially in spring and autumn, and parking is limited. We recommend getting around the city by train and bus, and using the car for trips out into the countryside.

If you have any questions, please call one of the stores on the [store list](/en/kaede/store).`,
        }),
      },
      {
        pageUrl: "company",
        displayOrder: 2,
        ...l2("pageTitle", { jp: "会社概要", en: "Company Profile" }),
        ...l2("pageContents", {
          jp: `| 項目 | 内容 |
|---|---|
| 会社名 | 株式会社かえでレンタカー京都 |
| 所在地 | 〒600-8216 京都府京都市下京区東塩小路町721-1 |
| 設立 | 2009年10月 |
| 代表者 | 代表取締役 山本 和彦 |
| 事業内容 | レンタカー事業、観光ドライブプランのご提案 |
| 許可番号 | 自家用自動車有償貸渡業 京自貸第1209号 |
| 店舗 | 京都駅前店、京都嵐山店 |`,
          en: `| Item | Details |
|---|---|
| Company name | Kaede Rent-a-Car Kyoto Co., Ltd. |
| Address | 721-1 Higashishiokoji-cho, Shimogyo-ku, Kyoto 600-8216, Japan |
| Founded | October 2009 |
| Representative | Kazuhiko Yamamoto, President |
| Business | Car rental, sightseeing drive planning |
| Licence | Car rental business licence No. 1209 (Kyoto) |
| Stores | Kyoto Station, Kyoto Arashiyama |`,
        }),
      },
    ],
    seo: [
      {
        pageKind: "top",
        ...l2("pageTitle", {
          jp: "かえでレンタカー京都｜京都駅前・嵐山のレンタカー",
          en: "Kaede Rent-a-Car Kyoto | Car rental at Kyoto Station and Arashiyama",
        }),
        ...l2("description", {
          jp: "京都駅前と嵐山でレンタカーを借りるなら、かえでレンタカー京都。会員登録（無料）でWebから簡単にご予約いただけます。",
          en: "Rent a car at Kyoto Station or in Arashiyama with Kaede Rent-a-Car Kyoto. Sign up for free and book online.",
        }),
      },
      {
        pageKind: "store",
        ...l2("pageTitle", { jp: "店舗一覧｜かえでレンタカー京都", en: "Stores | Kaede Rent-a-Car Kyoto" }),
        ...l2("description", {
          jp: "京都駅前店・京都嵐山店の所在地、営業時間、定休日、アクセスをご案内します。",
          en: "Addresses, opening hours, regular holidays and directions for our Kyoto Station and Arashiyama stores.",
        }),
      },
    ],
    stores: [
      {
        ...l2("storeName", { jp: "京都駅前店", en: "Kyoto Station Store" }),
        zip: "600-8216",
        prefCode: 26,
        ...l2("addressA", { jp: "京都府京都市下京区", en: "Shimogyo-ku, Kyoto" }),
        ...l2("addressB", { jp: "東塩小路町721-1", en: "721-1 Higashishiokoji-cho" }),
        tel: "075-000-1201",
        email: "kyoto-station@kaede-rentacar.example",
        ...l2("access", {
          jp: "JR京都駅 中央口（烏丸口）から東へ徒歩約4分です。",
          en: "About 4 minutes' walk east of the Central (Karasuma) Exit of JR Kyoto Station.",
        }),
        ...l2("remarks", {
          jp: "店舗に駐車場はございません。お客様のお車はお預かりできませんのでご了承ください。",
          en: "The store has no parking, so we cannot keep your own car while you rent.",
        }),
        displayOrder: 1,
        businessStartTime: "08:00",
        businessEndTime: "20:00",
        regularHolidayWeek: [],
        regularHolidayDates: [],
      },
      {
        ...l2("storeName", { jp: "京都嵐山店", en: "Kyoto Arashiyama Store" }),
        zip: "616-8385",
        prefCode: 26,
        ...l2("addressA", { jp: "京都府京都市右京区", en: "Ukyo-ku, Kyoto" }),
        ...l2("addressB", { jp: "嵯峨天龍寺芒ノ馬場町12-5", en: "12-5 Saga-Tenryuji Susukinobaba-cho" }),
        tel: "075-000-1202",
        email: "arashiyama@kaede-rentacar.example",
        ...l2("access", {
          jp: "嵐電「嵐山駅」から徒歩約5分、JR嵯峨野線「嵯峨嵐山駅」から徒歩約8分です。",
          en: "About 5 minutes' walk from Arashiyama Station (Randen line) and 8 minutes from Saga-Arashiyama Station (JR Sagano Line).",
        }),
        ...l2("remarks", {
          jp: "桜と紅葉の季節は周辺道路が大変混雑します。ご出発・ご返却は時間に余裕をもってお越しください。\n毎週木曜日は定休日です。",
          en: "Roads around Arashiyama are very busy in the cherry-blossom and autumn-leaf seasons, so please allow extra time for pick-up and return.\nClosed every Thursday.",
        }),
        displayOrder: 2,
        businessStartTime: "09:00",
        businessEndTime: "18:00",
        regularHolidayWeek: [4],
        regularHolidayDates: [],
      },
    ],
    catalogue: demoCatalogue("kaede", today),
  };
}

// ---------------------------------------------------------------------------------------------
// fuji: standard, Japanese only, one store at Lake Kawaguchi, no logo.
// ---------------------------------------------------------------------------------------------

function fuji(today: Date): SiteInput {
  return {
    siteId: "fuji",
    clientId: 27,
    usagePlanType: 2,
    createdAt: new Date("2018-06-15T00:00:00+09:00"),
    settings: {
      ...jp("siteTitle", "ふじレンタカー河口湖"),
      supportedLanguages: "jp",
      publicStatus: 1,
      siteColor: "#f5d742",
      webReserveAccepting: true,
      // Any site may frame fuji's booking.
      embedOrigins: ["*"],
    },
    footer: {
      ...jp("companyName", "有限会社ふじレンタカー"),
      ...jp(
        "footerText",
        "〒401-0301 山梨県南都留郡富士河口湖町船津3620-1\n営業時間 9:00〜18:00（火曜定休）／TEL 0555-00-2701",
      ),
    },
    topInfo: {
      siteImagePath: "/demo/fuji/hero.svg",
      ...jp(
        "pageEditTop",
        `富士急行線「河口湖駅」から徒歩4分のレンタカー店です。富士五湖めぐりや富士山を望むドライブに、軽自動車から7人乗りまでご用意しています。

冬季は全車スタッドレスタイヤを装着しています。店舗までの行き方は[アクセス](/fuji/c/access)をご覧ください。`,
      ),
    },
    news: [
      {
        publishedOn: daysAgo(today, 7),
        ...jp("title", "富士五湖ドライブマップを店頭で配布しています"),
        ...jp(
          "body",
          "スタッフおすすめの絶景ポイントや立ち寄り温泉を載せたオリジナルマップを、ご出発時にお渡ししています。",
        ),
      },
      {
        publishedOn: daysAgo(today, 52),
        ...jp("title", "Web予約を24時間受け付けています"),
        ...jp(
          "body",
          "空車の確認からご予約まで、Webなら24時間いつでも可能です。お電話でのご予約は営業時間内に承ります。",
        ),
      },
    ],
    customPages: [
      {
        pageUrl: "access",
        displayOrder: 1,
        ...jp("pageTitle", "アクセス"),
        ...jp(
          "pageContents",
          `## 電車・バスでお越しの方

- 新宿駅から高速バスで約1時間45分、「河口湖駅」下車、徒歩約4分
- JR大月駅から富士急行線で約55分、「河口湖駅」下車、徒歩約4分

## お車でお越しの方

中央自動車道「河口湖IC」から約5分です。店舗裏の無料駐車場（5台）で、ご利用期間中のお客様のお車をお預かりします（要予約）。

## 店舗情報

| 項目 | 内容 |
|---|---|
| 住所 | 〒401-0301 山梨県南都留郡富士河口湖町船津3620-1 |
| 電話 | 0555-00-2701 |
| 営業時間 | 9:00〜18:00 |
| 定休日 | 毎週火曜日 |

夏季の富士スバルライン（富士山五合目方面）はマイカー規制によりレンタカーでも通行できない期間があります。事前にご確認ください。`,
        ),
      },
    ],
    stores: [
      {
        ...jp("storeName", "河口湖店"),
        zip: "401-0301",
        prefCode: 19,
        ...jp("addressA", "山梨県南都留郡富士河口湖町"),
        ...jp("addressB", "船津3620-1"),
        tel: "0555-00-2701",
        email: "kawaguchiko@fuji-rentacar.example",
        ...jp("access", "富士急行線「河口湖駅」から徒歩約4分。中央自動車道「河口湖IC」から車で約5分です。"),
        ...jp("remarks", "冬季（12月〜3月）は全車スタッドレスタイヤを装着しています。\n毎週火曜日は定休日です。"),
        displayOrder: 1,
        businessStartTime: "09:00",
        businessEndTime: "18:00",
        regularHolidayWeek: [2],
        regularHolidayDates: [],
      },
    ],
    catalogue: demoCatalogue("fuji", today),
  };
}

// ---------------------------------------------------------------------------------------------
// hana: light plan, Japanese only, one store in Hakodate; online bookings suspended.
// ---------------------------------------------------------------------------------------------

function hana(today: Date): SiteInput {
  return {
    siteId: "hana",
    clientId: 31,
    usagePlanType: 1,
    createdAt: new Date("2021-03-01T00:00:00+09:00"),
    settings: {
      ...jp("siteTitle", "はなレンタカー函館"),
      supportedLanguages: "jp",
      publicStatus: 1,
      siteColor: "#2e7d32",
      // Online bookings are paused (spec §8 "We are currently suspending online reservations.").
      webReserveAccepting: false,
    },
    topInfo: {
      ...jp(
        "pageEditTop",
        `JR函館駅から徒歩3分。函館観光や大沼・道南ドライブに便利なレンタカーです。

冬季は4WD車とスタッドレスタイヤでご用意しています。雪道の運転が不安な方はお気軽にご相談ください。`,
      ),
    },
    news: [
      {
        publishedOn: daysAgo(today, 12),
        ...jp("title", "Web予約を開始しました"),
        ...jp(
          "body",
          "24時間いつでも、空車の確認とご予約ができるようになりました。お電話でのご予約も引き続き承ります。",
        ),
      },
    ],
    stores: [
      {
        ...jp("storeName", "函館駅前店"),
        zip: "040-0063",
        prefCode: 1,
        ...jp("addressA", "北海道函館市"),
        ...jp("addressB", "若松町18-5"),
        tel: "0138-00-3101",
        email: "hakodate@hana-rentacar.example",
        ...jp("access", "JR函館駅 中央口から徒歩約3分。函館空港からは空港連絡バスで約20分、「函館駅前」下車です。"),
        ...jp("remarks", "11月下旬〜4月上旬は全車スタッドレスタイヤを装着しています。"),
        displayOrder: 1,
        businessStartTime: "08:30",
        businessEndTime: "19:00",
        regularHolidayWeek: [],
        regularHolidayDates: [],
      },
    ],
    catalogue: demoCatalogue("hana", today),
  };
}

// ---------------------------------------------------------------------------------------------
// tsuki: premium but not yet published; only the title is set.
// ---------------------------------------------------------------------------------------------

function tsuki(): SiteInput {
  return {
    siteId: "tsuki",
    clientId: 44,
    usagePlanType: 4,
    createdAt: new Date("2023-01-10T00:00:00+09:00"),
    settings: {
      ...jp("siteTitle", "つきレンタカー"),
      supportedLanguages: "jp",
      publicStatus: 2,
      webReserveAccepting: true,
    },
  };
}
