import { type FormEvent, useEffect, useState } from "react";
import { data, Form } from "react-router";
import { AdminErrorSummary, AdminInput } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { HeaderPreview } from "#app/components/admin/theme/header-preview";
import { ImageSections } from "#app/components/admin/theme/image-sections";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useCan } from "#app/lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { type FormFailure, formFailure, formValues, handleForm } from "#app/lib/form-action.server";
import { issuesToErrors, useForm } from "#app/lib/forms";
import { adminPath } from "#common/admin";
import { DEFAULT_SITE_COLOR, logoNeedsResize, parseColor, type Rgb, toHex } from "#common/theme";
import { getTheme, updateTheme } from "#server/sites/site-settings";
import { ThemeSchema, themeFormValues } from "#server/sites/site-settings.schema";
import { readThemeUpload } from "#server/sites/theme-upload";
import type { Route } from "./+types/theme";

/** `/theme`: the theme colour with a preview of the public header, the font colour, the logo and the favicon. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const theme = await getTheme(db, siteId, actor);
  return {
    values: themeFormValues(theme),
    logo: theme.logo ? { ...theme.logo, resize: logoNeedsResize(theme.logo.width, theme.logo.height) } : null,
    faviconPath: theme.faviconPath,
  };
}

const COLOUR_FIELDS = new Set(["site_color", "font_color"]);

export async function action({ context, request }: Route.ActionArgs) {
  const {
    actor,
    siteId,
    db,
    services: { media },
  } = requireStaffAccess(context, request, "site.edit");
  // Who may do this is known before the upload is read: a refusal is a 403, never a 422.
  const upload = await readThemeUpload(request);
  if (!upload.ok) return formFailure(upload.form, { form: upload.reason }, upload.status);
  const form = upload.form;
  if (form.get("intent") === "preview") {
    // Without JavaScript the preview is a round trip: the colours are checked, nothing is saved.
    const parsed = ThemeSchema.safeParse(Object.fromEntries(form));
    const errors = parsed.success
      ? {}
      : Object.fromEntries(Object.entries(issuesToErrors(parsed.error.issues)).filter(([k]) => COLOUR_FIELDS.has(k)));
    return Object.keys(errors).length
      ? formFailure(form, errors)
      : data<FormFailure>({ errors: {}, values: formValues(form), lists: {} });
  }
  return handleForm(form, ThemeSchema, async (input) => {
    await updateTheme(db, media, siteId, actor, input);
    invalidateSite(context);
    return redirectWithAdminFlash(request, adminPath(siteId, "/theme"), { kind: "success", key: "admin.flash.saved" });
  });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.theme.title"));

export default function AdminTheme({ loaderData, actionData }: Route.ComponentProps) {
  // A saved change (or a logo gone) starts the form again from what is stored, file inputs emptied.
  const stored = JSON.stringify([loaderData.values, loaderData.logo, loaderData.faviconPath]);
  return <ThemeForm key={stored} loaderData={loaderData} actionData={actionData} />;
}

function ThemeForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAdminI18n();
  const can = useCan();
  const editable = can("site.edit");
  const validation = useForm(ThemeSchema, actionData);
  const { errors } = validation;
  // After a refused save or a preview the form shows what was sent; a field the server never read keeps what is stored.
  const values = actionData ? { ...loaderData.values, ...actionData.values } : loaderData.values;
  // The preview follows the colour fields as they are typed.
  const [live, setLive] = useState({ site: values.site_color ?? "", font: values.font_color ?? "" });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    validation.onChange(event);
    const form = new FormData(event.currentTarget);
    setLive({ site: String(form.get("site_color") ?? ""), font: String(form.get("font_color") ?? "") });
  };
  const liveSite = parseColor(live.site);
  const pickerValue = toHex(liveSite ?? (parseColor(DEFAULT_SITE_COLOR) as Rgb));
  // A colour still being typed leaves the preview as it was last readable.
  const previewSite = liveSite ? live.site : (values.site_color ?? DEFAULT_SITE_COLOR);
  const previewFont = live.font === "" || parseColor(live.font) ? live.font : "";

  return (
    <>
      <AdminPageHeader title={t("admin.theme.title")} lead={t("admin.theme.lead")} />
      {editable ? null : (
        <p className="mb-4 rounded-md border border-gray-300 bg-gray-100 px-4 py-3" data-testid="read-only-notice">
          {t("admin.settings.readOnly")}
        </p>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        ref={validation.formRef}
        onSubmit={validation.onSubmit}
        onChange={onChange}
        noValidate
        data-testid="theme-form"
      >
        <CsrfField />
        <fieldset disabled={!editable} className="grid min-w-0 gap-4">
          <legend className="sr-only">{t("admin.theme.title")}</legend>
          <AdminErrorSummary errors={errors} />
          <AdminSection title={t("admin.theme.sectionColours")}>
            <div className="grid gap-4 lg:grid-cols-2">
              <div className="grid content-start gap-4">
                <div className="flex items-start gap-3">
                  <AdminInput
                    name="site_color"
                    label={t("admin.theme.siteColor")}
                    hint={t("admin.theme.siteColorHint")}
                    errors={errors}
                    defaultValue={values.site_color}
                    autoComplete="off"
                    spellCheck={false}
                    required
                    className="min-w-0 flex-1"
                  />
                  {hydrated ? (
                    <label className="mt-6 grid justify-items-center text-xs text-gray-800">
                      <input
                        type="color"
                        value={pickerValue}
                        className="h-11 w-11 cursor-pointer rounded border border-gray-400"
                        data-testid="color-picker"
                        onChange={(event) => {
                          // The text field is what is sent: the picker writes into it.
                          event.stopPropagation();
                          const form = event.currentTarget.form;
                          const input = form?.elements.namedItem("site_color");
                          if (!form || !(input instanceof HTMLInputElement)) return;
                          input.value = event.currentTarget.value;
                          onChange({ target: input, currentTarget: form } as unknown as FormEvent<HTMLFormElement>);
                        }}
                      />
                      {t("admin.theme.pick")}
                    </label>
                  ) : null}
                </div>
                <AdminInput
                  name="font_color"
                  label={t("admin.theme.fontColor")}
                  hint={t("admin.theme.fontColorHint")}
                  errors={errors}
                  defaultValue={values.font_color}
                  autoComplete="off"
                  spellCheck={false}
                />
                {hydrated ? null : (
                  <div>
                    <button
                      type="submit"
                      name="intent"
                      value="preview"
                      className="btn-secondary"
                      data-testid="preview"
                      formNoValidate
                    >
                      {t("admin.action.preview")}
                    </button>
                  </div>
                )}
              </div>
              <HeaderPreview siteColor={previewSite} fontColor={previewFont} logo={loaderData.logo} />
            </div>
          </AdminSection>

          <ImageSections logo={loaderData.logo} faviconPath={loaderData.faviconPath} errors={errors} />
          {editable ? (
            <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
              <SubmitButton intent="save" testId="save">
                {t("admin.action.save")}
              </SubmitButton>
              <p className="hidden text-sm text-gray-700 sm:block">{t("admin.settings.saveHint")}</p>
            </div>
          ) : null}
        </fieldset>
      </Form>
    </>
  );
}
