import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * Every page exists without a prefix (Japanese) and under /en, /kr and /tw (spec §2).
 * The prefixed trees come first so that `/en/...` is never read as a site called "en".
 */
const LOCALE_PREFIXES = ["en", "kr", "tw", ""];

function localeRoutes(prefix: string) {
  const id = (name: string) => `${prefix || "ja"}/${name}`;
  const at = (path: string) => (prefix ? `${prefix}/${path}` : path);
  /** The pages of a layout, under the one error boundary that renders inside that layout. */
  const pages = (layoutName: string, children: RouteConfigEntry[]) =>
    layout("routes/site/pages.tsx", { id: id(`${layoutName}-pages`) }, children);
  return [
    route(prefix || "/", "routes/language-root.tsx", { id: id("language-root") }),
    route(at("404"), "routes/not-found.tsx", { id: id("404") }),
    route(at(":siteId"), "routes/site/site.tsx", { id: id("site") }, [
      // One sitemap per site, not per language: it lists every language's pages.
      ...(prefix ? [] : [route("sitemap.xml", "routes/site/sitemap.ts", { id: "sitemap" })]),
      layout("routes/site/default-layout.tsx", { id: id("default-layout") }, [
        pages("default", [
          index("routes/site/top.tsx", { id: id("top") }),
          route("reserve", "routes/site/reserve.tsx", { id: id("reserve") }),
          route("reserve/stores/:storeId/cars/:carTypeId", "routes/site/car-type.tsx", { id: id("car-type") }),
          // The booking flow (spec §2, §4): options → login or customer → confirm → card → completed.
          route("reserve/stores/:storeId/cars/:carTypeId/options", "routes/reserve/options.tsx", {
            id: id("reserve-options"),
          }),
          route("reserve/login", "routes/reserve/login.tsx", { id: id("reserve-login") }),
          route("reserve/user", "routes/reserve/user.tsx", { id: id("reserve-user") }),
          route("reserve/confirm", "routes/reserve/confirm.tsx", { id: id("reserve-confirm") }),
          route("reserve/credit_card", "routes/reserve/credit-card.tsx", { id: id("reserve-credit-card") }),
          route("reserve/completed", "routes/reserve/completed.tsx", { id: id("reserve-completed") }),
          route("reserve/cancel", "routes/reserve/cancel.tsx", { id: id("reserve-cancel") }),
          route("reserve/pay", "routes/reserve/pay.tsx", { id: id("reserve-pay") }),
          // A guest's receipts (issue 37): the list, and each one as a PDF, through the mail's signed link.
          route("reserve/receipts", "routes/reserve/receipts.tsx", { id: id("reserve-receipts") }),
          route("reserve/receipts/:entryId", "routes/reserve/receipt.ts", { id: id("reserve-receipt") }),
          route("fee", "routes/site/fee.tsx", { id: id("fee") }),
          route("store", "routes/site/store-list.tsx", { id: id("store-list") }),
          route("store/:storeId", "routes/site/store-detail.tsx", { id: id("store-detail") }),
          route("c/:url", "routes/site/custom-page.tsx", { id: id("custom-page") }),
          // Accounts (spec §2): login, password recovery, registration, My Page.
          route("login", "routes/account/login.tsx", { id: id("login") }),
          route("logout", "routes/account/logout.tsx", { id: id("logout") }),
          route("password_request", "routes/account/password-request.tsx", { id: id("password-request") }),
          route("password_reset_mail_send", "routes/account/password-reset-mail-send.tsx", {
            id: id("password-reset-mail-send"),
          }),
          route("password_reset", "routes/account/password-reset.tsx", { id: id("password-reset") }),
          route("user/regist", "routes/account/user-regist.tsx", { id: id("user-regist") }),
          route("user/confirm", "routes/account/user-confirm.tsx", { id: id("user-confirm") }),
          route("user/register", "routes/account/user-register.tsx", { id: id("user-register") }),
          route("user/completed", "routes/account/user-completed.tsx", { id: id("user-completed") }),
          route("address-search", "routes/account/address-search.ts", { id: id("address-search") }),
          // Reached after withdrawing, when the member is no longer signed in.
          route("mypage/user/withdrawal_end", "routes/mypage/withdrawal-end.tsx", { id: id("withdrawal-end") }),
          route("mypage", "routes/mypage/layout.tsx", { id: id("mypage") }, [
            index("routes/mypage/home.tsx", { id: id("mypage-home") }),
            route("reserves", "routes/mypage/reserves.tsx", { id: id("mypage-reserves") }),
            route("reserves/:reserveId", "routes/mypage/reserve-detail.tsx", { id: id("mypage-reserve") }),
            route("reserves/:reserveId/receipts/:entryId", "routes/mypage/reserve-receipt.ts", {
              id: id("mypage-reserve-receipt"),
            }),
            route("driver/driver_list", "routes/mypage/driver-list.tsx", { id: id("mypage-drivers") }),
            route("driver/new", "routes/mypage/driver-new.tsx", { id: id("mypage-driver-new") }),
            route("driver/:driverId", "routes/mypage/driver-edit.tsx", { id: id("mypage-driver") }),
            route("driver/:driverId/images/:slot", "routes/mypage/driver-image.ts", { id: id("mypage-driver-image") }),
            route("user/credit_card", "routes/mypage/credit-card.tsx", { id: id("mypage-card") }),
            route("user/update", "routes/mypage/user-update.tsx", { id: id("mypage-user-update") }),
            route("user/withdrawal", "routes/mypage/withdrawal.tsx", { id: id("mypage-withdrawal") }),
            route("password-update", "routes/mypage/password-update.tsx", { id: id("mypage-password") }),
          ]),
          route("*", "routes/site/not-found.tsx", { id: id("site-not-found") }),
        ]),
      ]),
      // The embedded flow (decision 025): the booking pages under /custom_page, in the bare layout,
      // for a client to frame in its own site; custom pages may be framed there too.
      layout("routes/site/bare-layout.tsx", { id: id("bare-layout") }, [
        pages("bare", [
          route("custom_page", "routes/site/reserve.tsx", { id: id("embedded-reserve") }),
          route("custom_page/stores/:storeId/cars/:carTypeId", "routes/site/car-type.tsx", {
            id: id("embedded-car-type"),
          }),
          route("custom_page/stores/:storeId/cars/:carTypeId/options", "routes/reserve/options.tsx", {
            id: id("embedded-options"),
          }),
          route("custom_page/login", "routes/reserve/login.tsx", { id: id("embedded-login") }),
          route("custom_page/user", "routes/reserve/user.tsx", { id: id("embedded-user") }),
          route("custom_page/confirm", "routes/reserve/confirm.tsx", { id: id("embedded-confirm") }),
          route("custom_page/credit_card", "routes/reserve/credit-card.tsx", { id: id("embedded-credit-card") }),
          route("custom_page/completed", "routes/reserve/completed.tsx", { id: id("embedded-completed") }),
          route("custom_page/:url", "routes/site/custom-page.tsx", { id: id("custom-page-alias") }),
          route("custom_page/*", "routes/site/not-found.tsx", { id: id("embedded-not-found") }),
        ]),
      ]),
      layout("routes/site/alt-layout.tsx", { id: id("alt-layout") }, [
        pages("alt", [route("unpublished", "routes/site/unpublished.tsx", { id: id("unpublished") })]),
      ]),
    ]),
  ];
}

/**
 * The back office (decision 029): one tree, in the staff member's language rather than a path
 * prefix. Pages before signing in sit beside the shell; every page in the shell needs a session.
 */
const adminRoutes = [
  route("admin/:siteId", "routes/admin/admin.tsx", { id: "admin" }, [
    route("login", "routes/admin/login.tsx", { id: "admin-login" }),
    route("login/two-factor", "routes/admin/two-factor.tsx", { id: "admin-two-factor" }),
    route("logout", "routes/admin/logout.tsx", { id: "admin-logout" }),
    route("language", "routes/admin/language.tsx", { id: "admin-language" }),
    route("password_request", "routes/admin/password-request.tsx", { id: "admin-password-request" }),
    route("password_reset", "routes/admin/password-link.tsx", { id: "admin-password-reset" }),
    route("invitation", "routes/admin/password-link.tsx", { id: "admin-invitation" }),
    layout("routes/admin/shell.tsx", { id: "admin-shell" }, [
      index("routes/admin/home.tsx", { id: "admin-home" }),
      route("account", "routes/admin/account.tsx", { id: "admin-account" }),
      route("account/two-factor", "routes/admin/two-factor-setup.tsx", { id: "admin-two-factor-setup" }),
      route("staff", "routes/admin/staff-list.tsx", { id: "admin-staff" }),
      route("staff/new", "routes/admin/staff-new.tsx", { id: "admin-staff-new" }),
      route("staff/:staffId", "routes/admin/staff-edit.tsx", { id: "admin-staff-edit" }),
      route("audit", "routes/admin/audit.tsx", { id: "admin-audit" }),
      // The counter (issue 24): the day, the bookings, the dispatch board, the members.
      route("today", "routes/admin/today.tsx", { id: "admin-today" }),
      route("search", "routes/admin/search.tsx", { id: "admin-search" }),
      route("today/export", "routes/admin/today-export.ts", { id: "admin-today-export" }),
      route("takings", "routes/admin/takings.tsx", { id: "admin-takings" }),
      route("takings/export", "routes/admin/takings-export.ts", { id: "admin-takings-export" }),
      route("reports", "routes/admin/reports.tsx", { id: "admin-reports" }),
      route("reports/export", "routes/admin/reports-export.ts", { id: "admin-reports-export" }),
      route("translations", "routes/admin/translations.tsx", { id: "admin-translations" }),
      route("reservations", "routes/admin/reservation-list.tsx", { id: "admin-reservations" }),
      route("reservations/export", "routes/admin/reservation-export.ts", { id: "admin-reservation-export" }),
      route("reservations/new", "routes/admin/reservation-new.tsx", { id: "admin-reservation-new" }),
      route("reservations/new/quote", "routes/admin/reservation-new-quote.ts", { id: "admin-reservation-new-quote" }),
      route("reservations/:reserveNo", "routes/admin/reservation-detail.tsx", { id: "admin-reservation" }),
      route("reservations/:reserveNo/receipts/:entryId", "routes/admin/reservation-receipt.ts", {
        id: "admin-reservation-receipt",
      }),
      // Paperwork (issue 41): the rental certificate and check sheet of a booking, a store's rental record.
      route("reservations/:reserveNo/certificate.pdf", "routes/admin/reservation-certificate.ts", {
        id: "admin-reservation-certificate",
      }),
      route("reservations/:reserveNo/check-sheet.pdf", "routes/admin/reservation-check-sheet.ts", {
        id: "admin-reservation-check-sheet",
      }),
      route("rental-record.pdf", "routes/admin/rental-record.ts", { id: "admin-rental-record" }),
      route("reservations/:reserveNo/change", "routes/admin/reservation-change.tsx", {
        id: "admin-reservation-change",
      }),
      route("reservations/:reserveNo/return", "routes/admin/reservation-return.tsx", {
        id: "admin-reservation-return",
      }),
      route("dispatch", "routes/admin/dispatch.tsx", { id: "admin-dispatch" }),
      route("members", "routes/admin/member-list.tsx", { id: "admin-members" }),
      route("members/new", "routes/admin/member-new.tsx", { id: "admin-member-new" }),
      route("members/:memberId", "routes/admin/member-detail.tsx", { id: "admin-member" }),
      route("settings", "routes/admin/settings.tsx", { id: "admin-settings" }),
      route("theme", "routes/admin/theme.tsx", { id: "admin-theme" }),
      route("cancellation", "routes/admin/cancellation.tsx", { id: "admin-cancellation" }),
      route("return-charges", "routes/admin/return-charges.tsx", { id: "admin-return-charges" }),
      route("stores", "routes/admin/store-list.tsx", { id: "admin-stores" }),
      route("stores/new", "routes/admin/store-edit.tsx", { id: "admin-store-new" }),
      route("stores/:storeId", "routes/admin/store-edit.tsx", { id: "admin-store-edit" }),
      route("import", "routes/admin/import.tsx", { id: "admin-import" }),
      route("import/template/:kind", "routes/admin/import-template.ts", { id: "admin-import-template" }),
      // Content (issue 23): custom pages and the top page's text, news, SEO, driver fields, payment methods.
      route("pages", "routes/admin/page-list.tsx", { id: "admin-pages" }),
      route("pages/new", "routes/admin/page-edit.tsx", { id: "admin-page-new" }),
      route("pages/top", "routes/admin/top-text.tsx", { id: "admin-top-text" }),
      route("pages/:pageId", "routes/admin/page-edit.tsx", { id: "admin-page-edit" }),
      route("news", "routes/admin/news-list.tsx", { id: "admin-news" }),
      route("news/new", "routes/admin/news-edit.tsx", { id: "admin-news-new" }),
      route("news/:newsId", "routes/admin/news-edit.tsx", { id: "admin-news-edit" }),
      route("seo", "routes/admin/seo-list.tsx", { id: "admin-seo" }),
      route("seo/:kind", "routes/admin/seo-edit.tsx", { id: "admin-seo-edit" }),
      route("driver-settings", "routes/admin/driver-settings.tsx", { id: "admin-driver-settings" }),
      route("settlement", "routes/admin/settlement.tsx", { id: "admin-settlement" }),
      route("classes", "routes/admin/class-list.tsx", { id: "admin-classes" }),
      route("classes/new", "routes/admin/class-edit.tsx", { id: "admin-class-new" }),
      route("classes/:classId", "routes/admin/class-edit.tsx", { id: "admin-class-edit" }),
      route("car-types", "routes/admin/car-type-list.tsx", { id: "admin-car-types" }),
      route("car-types/new", "routes/admin/car-type-edit.tsx", { id: "admin-car-type-new" }),
      route("car-types/:carTypeId", "routes/admin/car-type-edit.tsx", { id: "admin-car-type-edit" }),
      route("vehicles", "routes/admin/vehicle-list.tsx", { id: "admin-vehicles" }),
      route("vehicles/new", "routes/admin/vehicle-edit.tsx", { id: "admin-vehicle-new" }),
      route("vehicles/:vehicleId", "routes/admin/vehicle-edit.tsx", { id: "admin-vehicle-edit" }),
      route("immunity", "routes/admin/immunity.tsx", { id: "admin-immunity" }),
      route("fee-plans", "routes/admin/fee-plan-list.tsx", { id: "admin-fee-plans" }),
      route("fee-plans/new", "routes/admin/fee-plan-edit.tsx", { id: "admin-fee-plan-new" }),
      route("fee-plans/preview", "routes/admin/fee-plan-preview.ts", { id: "admin-fee-plan-preview" }),
      route("fee-plans/:feePlanId", "routes/admin/fee-plan-edit.tsx", { id: "admin-fee-plan-edit" }),
      route("options", "routes/admin/option-list.tsx", { id: "admin-options" }),
      route("options/new", "routes/admin/option-edit.tsx", { id: "admin-option-new" }),
      route("options/:optionId", "routes/admin/option-edit.tsx", { id: "admin-option-edit" }),
      // Integrations (issue 25): API keys, webhook endpoints and their deliveries, calendar feeds.
      route("api-keys", "routes/admin/api-keys.tsx", { id: "admin-api-keys" }),
      route("webhooks", "routes/admin/webhooks.tsx", { id: "admin-webhooks" }),
      route("webhooks/:endpointId", "routes/admin/webhook-endpoint.tsx", { id: "admin-webhook-endpoint" }),
      route("calendar-feeds", "routes/admin/calendar-feeds.tsx", { id: "admin-calendar-feeds" }),
      route("*", "routes/admin/not-found.tsx", { id: "admin-not-found" }),
    ]),
  ]),
];

export default [
  route("robots.txt", "routes/robots.ts", { id: "robots" }),
  // Each language's messages for the browser, content-hashed (decision 027).
  route("_catalogue/:file", "routes/catalogue.ts", { id: "catalogue" }),
  // The payment simulator's 3-D Secure challenge (offline stand-in for the card issuer's page).
  route("_simulator/3ds/:id", "routes/simulator-3ds.tsx", { id: "simulator-3ds" }),
  // The payment gateway's signed webhook (decision 021): no browser posts here, so no CSRF check.
  route("_webhooks/payments", "routes/payment-webhook.ts", { id: "payment-webhook" }),
  // The mail outbox, on loopback only and only while mail is not delivered (decision 017).
  route("_dev/mail", "routes/dev-mail.tsx", { id: "dev-mail" }),
  route("_dev/mail.json", "routes/dev-mail-json.ts", { id: "dev-mail-json" }),
  route("_dev/payments.json", "routes/dev-payments-json.ts", { id: "dev-payments-json" }),
  ...adminRoutes,
  ...LOCALE_PREFIXES.flatMap(localeRoutes),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
