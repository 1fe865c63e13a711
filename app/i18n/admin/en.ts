import { adminAuditLogEn } from "./audit-log.en";
import { adminAuthEn } from "./auth.en";
import { adminCancelEn } from "./cancel.en";
import { adminCatalogEn } from "./catalog.en";
import { adminCommonEn } from "./common.en";
import { adminContentEn } from "./content.en";
import { adminCounterEn } from "./counter.en";
import { adminDayEn } from "./day.en";
import { adminDispatchEn } from "./dispatch.en";
import { adminFrameEn } from "./frame.en";
import { adminImportEn } from "./import.en";
import { adminIntegrationsEn } from "./integrations.en";
import { adminInvoicesEn } from "./invoices.en";
import type { AdminMessages } from "./ja";
import { adminMembersEn } from "./members.en";
import { adminPaperworkEn } from "./paperwork.en";
import { adminPartnerApiEn } from "./partner-api.en";
import { adminPhoneEn } from "./phone.en";
import { adminPricesEn } from "./prices.en";
import { adminReportsEn } from "./reports.en";
import { adminReservationPageEn } from "./reservation-page.en";
import { adminReturnsEn } from "./returns.en";
import { adminSettingsEn } from "./settings.en";
import { adminStoresEn } from "./stores.en";
import { adminTakingsEn } from "./takings.en";
import { adminTeamEn } from "./team.en";
import { adminTranslationsEn } from "./translations.en";

export const adminEn: AdminMessages = {
  ...adminCommonEn,
  ...adminAuthEn,
  ...adminTeamEn,
  ...adminStoresEn,
  ...adminImportEn,
  ...adminSettingsEn,
  ...adminContentEn,
  ...adminCatalogEn,
  ...adminPricesEn,
  ...adminCounterEn,
  ...adminDispatchEn,
  ...adminCancelEn,
  ...adminPhoneEn,
  ...adminTakingsEn,
  ...adminReturnsEn,
  ...adminMembersEn,
  ...adminIntegrationsEn,
  ...adminPartnerApiEn,
  ...adminInvoicesEn,
  ...adminDayEn,
  ...adminFrameEn,
  ...adminReservationPageEn,
  ...adminPaperworkEn,
  ...adminAuditLogEn,
  ...adminReportsEn,
  ...adminTranslationsEn,
};
