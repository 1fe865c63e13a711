import { Form } from "react-router";
import { AdminCheckbox, AdminErrorSummary } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { StaffRoleFields } from "#app/components/admin/staff-form";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { handleForm, handleIntent } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { publicOrigin } from "#app/lib/seo.server";
import { requireId } from "#app/lib/site.server";
import { siteTitleIn, staffLinkFor, staffLinkMail } from "#app/presenters/staff-mail.server";
import { adminPath } from "#common/admin";
import { notFoundError } from "#server/errors";
import { listStaff, resendInvitation, updateStaff } from "#server/staff/accounts";
import { STAFF_LISTS, UpdateStaffSchema } from "#server/staff/staff.schema";
import { storeChoices } from "#server/stores/stores";
import type { Route } from "./+types/staff-edit";

/** One staff member's role, stores and access (owners; never one's own account). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { staff, actor, siteId, db } = requireStaffAccess(context, request);
  const staffId = requireId(params.staffId);
  const [all, stores] = await Promise.all([listStaff(db, siteId, actor), storeChoices(db, siteId, actor)]);
  const member = all.find((s) => s.id === staffId);
  if (!member) throw notFoundError();
  return {
    self: staffId === staff.id,
    member: { ...member, lastLoginAt: member.lastLoginAt?.toISOString() ?? null },
    stores,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const {
    actor,
    siteId,
    bundle,
    db,
    services: { mailer },
  } = requireStaffAccess(context, request);
  const staffId = requireId(params.staffId);
  const form = await request.formData();
  const back = adminPath(siteId, "/staff");
  if (form.get("intent") === "resend") {
    return handleIntent(form, async () => {
      await resendInvitation(db, siteId, actor, staffId, {
        mailer,
        mail: staffLinkMail(siteTitleIn(siteId, bundle.settings), "invite"),
        linkFor: staffLinkFor(publicOrigin(request, context), siteId, "invite"),
      });
      return redirectWithAdminFlash(request, back, { kind: "success", key: "admin.staff.resent" });
    });
  }
  return handleForm(
    form,
    UpdateStaffSchema,
    async (input) => {
      await updateStaff(db, siteId, actor, staffId, input);
      return redirectWithAdminFlash(request, back, { kind: "success", key: "admin.flash.saved" });
    },
    { lists: STAFF_LISTS },
  );
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return `${t("admin.staff.editTitle")}: ${data.member.email}`;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminStaffEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const { member } = loaderData;
  const { errors, formRef, onSubmit, onChange } = useForm(UpdateStaffSchema, actionData, {
    lists: STAFF_LISTS,
  });
  const values = actionData?.values;
  const storeIds = actionData
    ? (actionData.lists.store_ids ?? (values?.store_ids ? [values.store_ids] : []))
    : member.storeIds.map(String);
  return (
    <>
      <AdminPageHeader title={pageTitle(t, loaderData)} back={path("/staff")} />
      {loaderData.self ? (
        <p className="card p-5" data-testid="self-notice">
          {t("admin.staff.self")}
        </p>
      ) : (
        <Form
          method="post"
          ref={formRef}
          onSubmit={onSubmit}
          onChange={onChange}
          noValidate
          className="grid gap-4"
          data-testid="staff-form"
        >
          <CsrfField />
          <AdminErrorSummary errors={errors} />
          <AdminSection>
            <StaffRoleFields
              role={values?.role ?? member.role}
              storeIds={storeIds}
              stores={loaderData.stores}
              errors={errors}
            />
            <AdminCheckbox
              name="active"
              label={t("admin.staff.active")}
              hint={t("admin.staff.activeHint")}
              defaultChecked={values ? values.active === "1" : !member.disabled}
              errors={errors}
            />
          </AdminSection>
          <div>
            <SubmitButton testId="save">{t("admin.action.save")}</SubmitButton>
          </div>
        </Form>
      )}
      {member.invited && !member.disabled && !loaderData.self ? (
        <Form method="post" className="mt-6">
          <CsrfField />
          <button type="submit" name="intent" value="resend" className="btn-secondary" data-testid="resend-invitation">
            {t("admin.staff.resend")}
          </button>
        </Form>
      ) : null}
    </>
  );
}
