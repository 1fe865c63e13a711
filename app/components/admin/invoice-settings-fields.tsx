import { useAdminI18n } from "#app/lib/admin";
import type { AdminErrors } from "./fields";
import { AdminInput } from "./fields";
import { AdminSection } from "./page";

/** The settings page's receipts section (issue 37): the issuer's legal name and its registration number. */
export function InvoiceSettingsFields({ errors, values }: { errors: AdminErrors; values: Record<string, string> }) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.invoices.section")} testId="invoice-settings">
      <p className="text-sm text-gray-700">{t("admin.invoices.lead")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminInput
          name="invoice_issuer_name"
          label={t("admin.invoices.issuerName")}
          hint={t("admin.invoices.issuerNameHint")}
          errors={errors}
          defaultValue={values.invoice_issuer_name}
          maxLength={100}
          autoComplete="organization"
        />
        <AdminInput
          name="invoice_registration_number"
          label={t("admin.invoices.registrationNumber")}
          hint={t("admin.invoices.registrationNumberHint")}
          errors={errors}
          defaultValue={values.invoice_registration_number}
          maxLength={30}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
        />
      </div>
    </AdminSection>
  );
}
