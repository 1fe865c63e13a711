import { useMemo } from "react";
import { Form } from "react-router";
import { AdminCheckbox, AdminErrorSummary, AdminNumber } from "#app/components/admin/fields";
import { AdminPageHeader, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useCan } from "#app/lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { adminPath } from "#common/admin";
import { immunityDefaultField, immunityFeesSchema, immunityPriceField } from "#server/catalog/immunity-fee.schema";
import { listImmunityFees, saveImmunityFees } from "#server/catalog/immunity-fees";
import type { Route } from "./+types/immunity";

/** `/immunity`: the collision damage waiver of every car class, on one form. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const rows = await listImmunityFees(db, siteId, actor);
  const values: Record<string, string> = {};
  for (const r of rows) {
    values[immunityPriceField(r.classId)] = r.pricePerDay === null ? "" : String(r.pricePerDay);
    values[immunityDefaultField(r.classId)] = r.isDefault ? "1" : "";
  }
  return { classes: rows.map((r) => ({ id: r.classId, name: r.className })), values };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request, "prices.edit");
  const form = await request.formData();
  // The classes are the site's as they are now: a field of another id is not read.
  const classIds = (await listImmunityFees(db, siteId, actor)).map((r) => r.classId);
  return handleForm(form, immunityFeesSchema(classIds), async (input) => {
    await saveImmunityFees(db, siteId, actor, input);
    invalidateSite(context);
    return redirectWithAdminFlash(request, adminPath(siteId, "/immunity"), {
      kind: "success",
      key: "admin.flash.saved",
    });
  });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.immunity.title"));

export default function AdminImmunity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const can = useCan();
  const ids = loaderData.classes.map((c) => c.id);
  const key = ids.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: one schema per set of classes
  const schema = useMemo(() => immunityFeesSchema(ids), [key]);
  const { errors, formRef, onSubmit, onChange, values } = useForm(schema, actionData, { values: loaderData.values });
  const labels = Object.fromEntries(loaderData.classes.map((c) => [immunityPriceField(c.id), c.name]));
  return (
    <>
      <AdminPageHeader title={t("admin.immunity.title")} lead={t("admin.immunity.lead")} />
      {loaderData.classes.length === 0 ? (
        <p className="card p-5 text-gray-700" data-testid="needs-class">
          {t("admin.immunity.noClasses")}
        </p>
      ) : (
        <Form
          method="post"
          ref={formRef}
          onSubmit={onSubmit}
          onChange={onChange}
          noValidate
          className="grid gap-4"
          data-testid="immunity-form"
        >
          <CsrfField />
          <AdminErrorSummary errors={errors} labels={labels} />
          <ul className="grid gap-3">
            {loaderData.classes.map((c) => (
              <li key={c.id} className="card p-4" data-testid="immunity-class" data-class-id={c.id}>
                <fieldset className="grid items-start gap-3 sm:grid-cols-[12rem_14rem_1fr]">
                  <legend className="float-left mb-2 font-bold sm:mb-0 sm:pt-8">{c.name}</legend>
                  <AdminNumber
                    name={immunityPriceField(c.id)}
                    label={t("admin.immunity.price")}
                    hint={values[immunityPriceField(c.id)] ? undefined : t("admin.immunity.none")}
                    errors={errors}
                    defaultValue={values[immunityPriceField(c.id)]}
                    className="clear-left"
                  />
                  <div className="sm:pt-6">
                    <AdminCheckbox
                      name={immunityDefaultField(c.id)}
                      label={t("admin.immunity.default")}
                      defaultChecked={values[immunityDefaultField(c.id)] === "1"}
                    />
                  </div>
                </fieldset>
              </li>
            ))}
          </ul>
          {can("prices.edit") ? (
            <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
              <SubmitButton testId="save">{t("admin.action.save")}</SubmitButton>
            </div>
          ) : null}
        </Form>
      )}
    </>
  );
}
