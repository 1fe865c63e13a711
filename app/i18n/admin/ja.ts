import { adminAuditLogJa } from "./audit-log.ja";
import { adminAuthJa } from "./auth.ja";
import { adminCancelJa } from "./cancel.ja";
import { adminCatalogJa } from "./catalog.ja";
import { adminCommonJa } from "./common.ja";
import { adminContentJa } from "./content.ja";
import { adminCounterJa } from "./counter.ja";
import { adminDayJa } from "./day.ja";
import { adminDispatchJa } from "./dispatch.ja";
import { adminFrameJa } from "./frame.ja";
import { adminImportJa } from "./import.ja";
import { adminIntegrationsJa } from "./integrations.ja";
import { adminInvoicesJa } from "./invoices.ja";
import { adminMembersJa } from "./members.ja";
import { adminPaperworkJa } from "./paperwork.ja";
import { adminPartnerApiJa } from "./partner-api.ja";
import { adminPhoneJa } from "./phone.ja";
import { adminPricesJa } from "./prices.ja";
import { adminReportsJa } from "./reports.ja";
import { adminReservationPageJa } from "./reservation-page.ja";
import { adminReturnsJa } from "./returns.ja";
import { adminSettingsJa } from "./settings.ja";
import { adminStoresJa } from "./stores.ja";
import { adminTakingsJa } from "./takings.ja";
import { adminTeamJa } from "./team.ja";
import { adminTranslationsJa } from "./translations.ja";

/**
 * The back office's messages (decision 029), Japanese: every key starts with `admin.`, one file
 * per area. English has the same keys (`en.ts`).
 */
export const adminJa = {
  ...adminCommonJa,
  ...adminAuthJa,
  ...adminTeamJa,
  ...adminStoresJa,
  ...adminImportJa,
  ...adminSettingsJa,
  ...adminContentJa,
  ...adminCatalogJa,
  ...adminPricesJa,
  ...adminCounterJa,
  ...adminDispatchJa,
  ...adminCancelJa,
  ...adminPhoneJa,
  ...adminTakingsJa,
  ...adminReturnsJa,
  ...adminMembersJa,
  ...adminIntegrationsJa,
  ...adminPartnerApiJa,
  ...adminInvoicesJa,
  ...adminDayJa,
  ...adminFrameJa,
  ...adminReservationPageJa,
  ...adminPaperworkJa,
  ...adminAuditLogJa,
  ...adminReportsJa,
  ...adminTranslationsJa,
} as const;

export type AdminMessageKey = keyof typeof adminJa;
export type AdminMessages = Record<AdminMessageKey, string>;
