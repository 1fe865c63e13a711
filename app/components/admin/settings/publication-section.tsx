import { AdminCheckbox, AdminCheckboxGroup, AdminRadioGroup, fieldBinder } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";
import { useI18n } from "#app/lib/i18n";
import type { SectionProps } from "./types";

/** Whether the site is public, in which languages, and whether it takes bookings (and guests' ones). */
export function PublicationSection({
  errors,
  values,
  languages,
  publicTop,
  switcherInPlan,
}: SectionProps & { languages: string[]; publicTop: string; switcherInPlan: boolean }) {
  const { t } = useAdminI18n();
  const { checkbox } = fieldBinder({ errors, values });
  const { t: siteT } = useI18n();
  return (
    <AdminSection title={t("admin.settings.sectionPublication")}>
      <AdminRadioGroup
        name="public_status"
        label={t("admin.settings.publicStatus")}
        value={values.public_status}
        errors={errors}
        options={[
          { value: "1", label: t("admin.settings.public"), hint: t("admin.settings.publicHint") },
          {
            value: "2",
            label: t("admin.settings.unpublished"),
            hint: t("admin.settings.unpublishedHint", { path: `${publicTop}/unpublished` }),
          },
        ]}
      />
      <AdminCheckboxGroup
        name="languages"
        label={t("admin.settings.languages")}
        options={[
          { value: "en", label: t("admin.form.langEn") },
          { value: "kr", label: t("admin.form.langKo") },
          { value: "tw", label: t("admin.form.langTw") },
        ]}
        checked={languages}
        errors={errors}
        hint={
          <>
            {t("admin.settings.languagesHint")}{" "}
            {switcherInPlan ? t("admin.settings.switcherInPlan") : t("admin.settings.switcherNotInPlan")}
          </>
        }
      />
      <AdminCheckbox
        {...checkbox("web_reserve_accepting")}
        label={t("admin.settings.webReserve")}
        hint={t("admin.settings.webReserveHint", { message: siteT("reason.web_reserve_suspended") })}
      />
      <AdminCheckbox
        {...checkbox("is_disp_non_member")}
        label={t("admin.settings.guestBooking")}
        hint={t("admin.settings.guestBookingHint")}
      />
    </AdminSection>
  );
}
