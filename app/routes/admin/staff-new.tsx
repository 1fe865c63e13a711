import { Form } from "react-router";
import { AdminErrorSummary, AdminInput, AdminSelect } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { StaffRoleFields } from "#app/components/admin/staff-form";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { publicOrigin } from "#app/lib/seo.server";
import { siteTitleIn, staffLinkFor, staffLinkMail } from "#app/presenters/staff-mail.server";
import { adminPath } from "#common/admin";
import { inviteStaff } from "#server/staff/accounts";
import { InviteStaffSchema, STAFF_LISTS } from "#server/staff/staff.schema";
import { storeChoices } from "#server/stores/stores";
import type { Route } from "./+types/staff-new";

/** Inviting someone to the back office (owners): they get a mail with a link to set their password. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request, "staff.manage");
  return { stores: await storeChoices(db, siteId, actor) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const {
    actor,
    siteId,
    bundle,
    db,
    services: { mailer },
  } = requireStaffAccess(context, request);
  const form = await request.formData();
  return handleForm(
    form,
    InviteStaffSchema,
    async (input) => {
      await inviteStaff(db, siteId, actor, input, {
        mailer,
        mail: staffLinkMail(siteTitleIn(siteId, bundle.settings), "invite"),
        linkFor: staffLinkFor(publicOrigin(request, context), siteId, "invite"),
      });
      return redirectWithAdminFlash(request, adminPath(siteId, "/staff"), {
        kind: "success",
        key: "admin.staff.invited",
        params: { email: input.email },
      });
    },
    { lists: STAFF_LISTS },
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.staff.inviteTitle"));

export default function AdminStaffNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const path = useAdminPath();
  const { errors, formRef, onSubmit, onChange, values } = useForm(InviteStaffSchema, actionData, {
    lists: STAFF_LISTS,
  });
  const storeIds = actionData ? (actionData.lists.store_ids ?? (values.store_ids ? [values.store_ids] : [])) : [];
  return (
    <>
      <AdminPageHeader title={t("admin.staff.inviteTitle")} lead={t("admin.staff.inviteLead")} back={path("/staff")} />
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="invite-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        <AdminSection>
          <div className="grid gap-4 sm:grid-cols-2">
            <AdminInput
              name="email"
              type="email"
              label={t("admin.staff.email")}
              required
              errors={errors}
              defaultValue={values.email}
              autoComplete="off"
            />
            <AdminInput
              name="name"
              label={t("admin.staff.name")}
              errors={errors}
              defaultValue={values.name}
              autoComplete="off"
            />
          </div>
          <StaffRoleFields role={values.role} storeIds={storeIds} stores={loaderData.stores} errors={errors} />
          <AdminSelect
            name="locale"
            label={t("admin.staff.locale")}
            errors={errors}
            defaultValue={values.locale ?? locale}
            options={[
              { value: "ja", label: t("admin.lang.ja") },
              { value: "en", label: t("admin.lang.en") },
            ]}
          />
        </AdminSection>
        <div>
          <SubmitButton testId="invite-submit">{t("admin.staff.invite")}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
