import { AdminCheckbox, type AdminErrors, AdminNumber, AdminSelect } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { codeLabel, FUEL_LABEL, MISSION_LABEL, SMOKING_LABEL } from "#app/i18n/labels";
import type { MessageKey } from "#app/i18n/messages/ja";
import { useAdminI18n } from "#app/lib/admin";
import { useI18n } from "#app/lib/i18n";
import { FUEL_CODES, SMOKING_CODES, TRANSMISSION_CODES } from "#server/catalog/car-type.schema";

/** Seats, engine, fuel, gearbox, smoking and equipment: what the car page lists. */
export function SpecsSection({ errors, values }: { errors: AdminErrors; values: Record<string, string> }) {
  const { t } = useAdminI18n();
  const { t: pageT } = useI18n();
  const codes = (list: readonly string[], labels: Readonly<Record<number, MessageKey>>) =>
    list.map((c) => ({ value: c, label: pageT(codeLabel(labels, Number(c))) }));
  return (
    <AdminSection title={t("admin.carTypes.sectionSpecs")}>
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminNumber
          name="capacity"
          label={t("admin.carTypes.capacity")}
          errors={errors}
          defaultValue={values.capacity}
          required
        />
        <AdminNumber
          name="displacement_cc"
          label={t("admin.carTypes.displacement")}
          errors={errors}
          defaultValue={values.displacement_cc}
        />
        <AdminNumber name="doors" label={t("admin.carTypes.doors")} errors={errors} defaultValue={values.doors} />
        <AdminNumber
          name="tank_litres"
          label={t("admin.carTypes.tankLitres")}
          hint={t("admin.carTypes.tankLitresHint")}
          errors={errors}
          defaultValue={values.tank_litres}
          maxLength={3}
        />
        <AdminSelect
          name="fuel"
          label={t("admin.carTypes.fuel")}
          errors={errors}
          defaultValue={values.fuel}
          options={codes(FUEL_CODES, FUEL_LABEL)}
        />
        <AdminSelect
          name="transmission"
          label={t("admin.carTypes.transmission")}
          errors={errors}
          defaultValue={values.transmission}
          options={codes(TRANSMISSION_CODES, MISSION_LABEL)}
        />
        <AdminSelect
          name="smoking"
          label={t("admin.carTypes.smoking")}
          errors={errors}
          defaultValue={values.smoking}
          options={codes(SMOKING_CODES, SMOKING_LABEL)}
        />
      </div>
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-semibold text-gray-800">{t("admin.carTypes.equipment")}</legend>
        <div className="flex flex-wrap gap-x-6">
          <AdminCheckbox
            name="has_navigation"
            label={t("admin.carTypes.navigation")}
            defaultChecked={values.has_navigation === "1"}
          />
          <AdminCheckbox name="has_etc" label={t("admin.carTypes.etc")} defaultChecked={values.has_etc === "1"} />
          <AdminCheckbox
            name="is_four_wd"
            label={t("admin.carTypes.fourWd")}
            defaultChecked={values.is_four_wd === "1"}
          />
        </div>
      </fieldset>
    </AdminSection>
  );
}
