import { useAdminI18n } from "#app/lib/admin";
import { STAFF_ROLES } from "#server/staff/staff.schema";
import { AdminCheckboxGroup, type AdminErrors, AdminRadioGroup } from "./fields";
import { useStaffChoices } from "./staff-text";

/** The role (with what each may do) and, for store staff, their stores. */
export function StaffRoleFields({
  role,
  storeIds,
  stores,
  errors,
}: {
  role: string | undefined;
  storeIds: readonly string[];
  stores: readonly { id: number; name: string; nameEn?: string | null }[];
  errors: AdminErrors;
}) {
  const { t } = useAdminI18n();
  const staffChoices = useStaffChoices();
  return (
    <>
      <AdminRadioGroup
        name="role"
        label={t("admin.staff.role")}
        required
        value={role}
        errors={errors}
        options={STAFF_ROLES.map((r) => ({
          value: r,
          label: t(`admin.role.${r}`),
          hint: t(`admin.staff.roleHelp.${r}`),
        }))}
      />
      <AdminCheckboxGroup
        name="store_ids"
        label={t("admin.staff.stores")}
        hint={t("admin.staff.storesHint")}
        options={staffChoices(stores)}
        checked={storeIds}
        errors={errors}
      />
    </>
  );
}
