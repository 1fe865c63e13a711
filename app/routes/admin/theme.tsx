import { type CSSProperties, type FormEvent, useEffect, useState } from "react";
import { data, Form } from "react-router";
import { adminPath } from "../../../common/admin";
import {
  DEFAULT_SITE_COLOR,
  logoNeedsResize,
  parseColor,
  type Rgb,
  siteTheme,
  themeContrast,
  toHex,
} from "../../../common/theme";
import { getTheme, updateTheme } from "../../../server/sites/site-settings";
import { MEDIA_MAX_MB, ThemeSchema, themeFormValues } from "../../../server/sites/site-settings.schema";
import { readThemeUpload } from "../../../server/sites/theme-upload";
import { AdminCheckbox, AdminErrorSummary, AdminInput } from "../../components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "../../components/admin/page";
import { CsrfField } from "../../components/csrf-field";
import { adminMeta, useAdminFrame, useAdminI18n, useCan } from "../../lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "../../lib/admin.server";
import { type FormFailure, formFailure, formValues, handleForm } from "../../lib/form-action.server";
import { issuesToErrors, useForm } from "../../lib/forms";
import { useI18n } from "../../lib/i18n";
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

/** The public header as it will look: the logo or the title on the theme colour, in the font colour. */
function HeaderPreview({
  siteColor,
  fontColor,
  logo,
}: {
  siteColor: string;
  fontColor: string;
  logo: { imgPath: string; width: number; height: number; resize: boolean } | null;
}) {
  const { t } = useAdminI18n();
  const { t: siteT } = useI18n();
  const { siteTitle } = useAdminFrame();
  const theme = siteTheme(siteColor, fontColor || null);
  const contrast = themeContrast(theme);
  const style = { "--site-color": theme.siteColor, "--site-font-color": theme.fontColor } as CSSProperties;
  return (
    <figure className="grid gap-3" data-testid="theme-preview">
      <figcaption className="text-sm font-semibold text-gray-800">{t("admin.theme.preview")}</figcaption>
      {/* A picture of the header, not a part of this page: inert (WCAG 1.4.3's incidental text), its
          colours and contrast are said in words below, so a poor choice can be shown as it is. */}
      <div
        inert
        className="site-theme overflow-hidden rounded-lg shadow"
        style={style}
        data-testid="preview-header"
        data-font-color={theme.fontColor}
      >
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
          {logo ? (
            <img
              src={logo.imgPath}
              width={logo.width}
              height={logo.height}
              alt={siteTitle}
              className={`logo-image${logo.resize ? " logo-resize" : ""}`}
              data-testid="preview-logo"
            />
          ) : (
            <span className="text-lg font-bold sm:text-xl" data-testid="preview-title">
              {siteTitle}
            </span>
          )}
          <span className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-semibold">
            <span>{siteT("nav.search")}</span>
            <span>{siteT("nav.fee")}</span>
            <span>{siteT("nav.store")}</span>
          </span>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-700">{t("admin.theme.computedFont")}</dt>
        <dd className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block h-4 w-4 rounded border border-gray-400"
            style={{ backgroundColor: theme.fontColor }}
          />
          <code data-testid="preview-font-color">{theme.fontColor}</code>
          <span className="text-gray-700">
            {fontColor ? t("admin.theme.fontOverridden") : t("admin.theme.fontAuto")}
          </span>
        </dd>
        <dt className="text-gray-700">{t("admin.theme.contrast")}</dt>
        <dd data-testid="preview-contrast">{`${contrast.ratio.toFixed(1)} : 1`}</dd>
      </dl>
      <div aria-live="polite">
        {contrast.sufficient ? null : (
          <p
            className="rounded-md border-2 border-amber-500 bg-amber-50 px-4 py-3 text-amber-950"
            data-testid="contrast-warning"
          >
            {t("admin.theme.contrastWarning", {
              ratio: contrast.ratio.toFixed(1),
              best: contrast.bestText === "#000000" ? t("admin.theme.black") : t("admin.theme.white"),
            })}
          </p>
        )}
      </div>
    </figure>
  );
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

          <AdminSection title={t("admin.theme.sectionLogo")}>
            {loaderData.logo ? (
              <div className="grid gap-2" data-testid="current-logo">
                <p className="text-sm text-gray-800">
                  {t("admin.theme.logoSize", { width: loaderData.logo.width, height: loaderData.logo.height })}{" "}
                  {loaderData.logo.resize ? t("admin.theme.logoResized") : t("admin.theme.logoAsIs")}
                </p>
                <AdminCheckbox name="remove_logo" label={t("admin.theme.removeLogo")} errors={errors} />
              </div>
            ) : (
              <p className="text-sm text-gray-700">{t("admin.theme.noLogo")}</p>
            )}
            <AdminInput
              name="logo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              label={loaderData.logo ? t("admin.theme.replaceLogo") : t("admin.theme.logo")}
              hint={t("admin.theme.logoHint", { max: MEDIA_MAX_MB })}
              errors={errors}
            />
          </AdminSection>

          <AdminSection title={t("admin.theme.sectionFavicon")}>
            {loaderData.faviconPath ? (
              <div className="flex flex-wrap items-center gap-3" data-testid="current-favicon">
                <img
                  src={loaderData.faviconPath}
                  width={32}
                  height={32}
                  alt={t("admin.theme.currentFavicon")}
                  className="rounded border border-gray-300"
                />
                <AdminCheckbox name="remove_favicon" label={t("admin.theme.removeFavicon")} errors={errors} />
              </div>
            ) : (
              <p className="text-sm text-gray-700">{t("admin.theme.noFavicon")}</p>
            )}
            <AdminInput
              name="favicon"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              label={t("admin.theme.favicon")}
              hint={t("admin.theme.faviconHint", { max: MEDIA_MAX_MB })}
              errors={errors}
            />
          </AdminSection>
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
