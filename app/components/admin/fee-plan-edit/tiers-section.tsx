import { type AdminErrors, AdminNumber, AdminRadioGroup } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import type { MessageKey, Translate } from "#app/i18n/translate";
import { type AdminT, useAdminI18n } from "#app/lib/admin";
import { useI18n } from "#app/lib/i18n";
import { FEE_MODE_TIERS, FEE_TIER_KEYS, type FeeMode, type FeeTierKey } from "#common/fee-tiers";
import { FEE_MODES, TIER_FIELDS } from "#server/prices/fee-plan.schema";

/** A tier's label, as the public price list names it. */
export function tierLabel(t: Translate, key: FeeTierKey): string {
  const hours = /^upTo(\d+)h$/.exec(key);
  if (hours) return t("fee.tier.upTo", { n: Number(hours[1]) });
  const nights = /^nights([2-7])$/.exec(key);
  if (nights) return t("fee.tier.nights", { n: Number(nights[1]), days: Number(nights[1]) + 1 });
  return t(`fee.tier.${key}` as MessageKey);
}

/** Every field's name for the error summary, since "required" alone does not say which tier. */
export function fieldLabels(t: AdminT, pageT: Translate): Record<string, string> {
  return {
    store_id: t("admin.feePlans.store"),
    class_id: t("admin.feePlans.class"),
    mode: t("admin.feePlans.mode"),
    effective_from: t("admin.feePlans.effectiveFrom"),
    ...Object.fromEntries(FEE_TIER_KEYS.map((k) => [TIER_FIELDS[k], tierLabel(pageT, k)])),
  };
}

/** How the plan charges (its mode) and a figure for each tier the mode uses; the others stay, hidden. */
export function TiersSection({
  mode,
  errors: shown,
  values,
}: {
  mode: FeeMode;
  errors: AdminErrors;
  values: Record<string, string>;
}) {
  const { t } = useAdminI18n();
  const { t: pageT } = useI18n();
  const used = FEE_MODE_TIERS[mode];
  const tierOrder = [...used, ...FEE_TIER_KEYS.filter((k) => !used.includes(k))];
  return (
    <AdminSection title={t("admin.feePlans.sectionTiers")}>
      <AdminRadioGroup
        name="mode"
        label={t("admin.feePlans.mode")}
        value={values.mode}
        errors={shown}
        required
        options={FEE_MODES.map((m) => ({
          value: m,
          label: pageT(`fee.mode.${m}` as MessageKey),
          hint: t(`admin.feePlans.modeHint${m}`),
        }))}
      />
      <noscript>
        <p className="text-sm text-gray-700">{t("admin.feePlans.modeNoScript")}</p>
      </noscript>
      <p className="text-sm text-gray-700">{t("admin.feePlans.tiersHint")}</p>
      <div className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3" data-testid="fee-tiers" data-mode={mode}>
        {tierOrder.map((key) => (
          <div key={key} hidden={!used.includes(key)}>
            <AdminNumber
              name={TIER_FIELDS[key]}
              label={tierLabel(pageT, key)}
              errors={shown}
              defaultValue={values[TIER_FIELDS[key]] ?? ""}
              maxLength={20}
            />
          </div>
        ))}
      </div>
    </AdminSection>
  );
}
