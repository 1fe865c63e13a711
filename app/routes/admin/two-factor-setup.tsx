import { data, Form, Link } from "react-router";
import { AdminErrorSummary, AdminInput } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { forbidden, requireStaffAccess } from "#app/lib/admin.server";
import { handleForm } from "#app/lib/form-action.server";
import { NO_FORM_ERRORS, useFormValidation } from "#app/lib/forms";
import { needsTwoFactor } from "#server/staff/permissions";
import { TwoFactorCodeSchema } from "#server/staff/staff.schema";
import { beginTwoFactorSetup, confirmTwoFactorSetup } from "#server/staff/two-factor";
import type { Route } from "./+types/two-factor-setup";

/**
 * Turning on two-factor sign-in (owners and managers): scan the QR code, prove it with a code, and
 * read the recovery codes once. The secret stays pending until a code from the app matches it.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { staff, siteId, bundle, db } = requireStaffAccess(context, request);
  if (!needsTwoFactor(staff.role)) throw forbidden();
  if (staff.twoFactorEnabled) return { enabled: true as const };
  const issuer = `${bundle.settings.siteTitle || siteId}`;
  const setup = await beginTwoFactorSetup(db, siteId, staff.id, issuer);
  return { enabled: false as const, ...setup };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { staff, actor, siteId, db } = requireStaffAccess(context, request);
  if (!needsTwoFactor(staff.role)) throw forbidden();
  const form = await request.formData();
  return handleForm(form, TwoFactorCodeSchema, async ({ code }) => {
    const recoveryCodes = await confirmTwoFactorSetup(db, siteId, actor, code);
    // Shown in this answer only: never stored in a form of their own, never sent again.
    return data({ recoveryCodes });
  });
}

// The tab keeps "set up" once the codes are shown: `meta` does not see the action's answer.
export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.setup.title"));

export default function AdminTwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const codes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  const failure = actionData && "errors" in actionData ? actionData.errors : NO_FORM_ERRORS;
  const { errors, formRef, onSubmit } = useFormValidation(TwoFactorCodeSchema, failure);
  if (codes) {
    return (
      <>
        <AdminPageHeader title={t("admin.setup.codesTitle")} lead={t("admin.setup.done")} />
        <AdminSection testId="recovery-codes">
          <p role="status" className="font-semibold">
            {t("admin.setup.codesLead")}
          </p>
          <ul className="grid grid-cols-2 gap-2 font-mono text-lg sm:w-fit">
            {codes.map((c) => (
              <li key={c} className="rounded bg-gray-100 px-3 py-1" data-testid="recovery-code">
                {c}
              </li>
            ))}
          </ul>
          <Link to={path("/account")} className="btn-primary w-fit" data-testid="codes-kept">
            {t("admin.setup.codesDone")}
          </Link>
        </AdminSection>
      </>
    );
  }
  if (loaderData.enabled) {
    return (
      <>
        <AdminPageHeader title={t("admin.setup.title")} back={path("/account")} />
        <p>{t("admin.setup.done")}</p>
      </>
    );
  }
  return (
    <>
      <AdminPageHeader title={t("admin.setup.title")} back={path("/account")} />
      <AdminSection>
        <p>{t("admin.setup.step1")}</p>
        <div className="flex flex-wrap items-start gap-4">
          <img
            src={`data:image/svg+xml;base64,${btoaUtf8(loaderData.qrSvg)}`}
            alt={t("admin.setup.qrAlt")}
            width={200}
            height={200}
            className="rounded border border-gray-300 bg-white"
            data-testid="totp-qr"
          />
          <p className="max-w-sm text-sm">
            {t("admin.setup.manual")}
            <code
              className="mt-1 block rounded bg-gray-100 px-2 py-1 font-mono text-base break-all"
              data-testid="totp-secret"
            >
              {loaderData.secret}
            </code>
          </p>
        </div>
        <p>{t("admin.setup.step2")}</p>
        <Form
          method="post"
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          className="grid max-w-sm gap-3"
          data-testid="two-factor-setup-form"
        >
          <CsrfField />
          <AdminErrorSummary errors={errors} />
          <AdminInput
            name="code"
            label={t("admin.twoFactor.code")}
            errors={errors}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            maxLength={6}
          />
          <SubmitButton testId="two-factor-enable">{t("admin.setup.submit")}</SubmitButton>
        </Form>
      </AdminSection>
    </>
  );
}

/** Base64 of a UTF-8 string, the same on the server and in the browser. */
function btoaUtf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
