import { data, Form } from "react-router";
import { AdminErrorSummary, AdminField, AdminRadioGroup } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { formFailure } from "#app/lib/form-action.server";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { adminPath } from "#common/admin";
import { AppError } from "#server/errors";
import type { ImportPreview } from "#server/imports/import";
import { commitImport, previewImport } from "#server/imports/import";
import { IMPORT_KINDS, type ImportKind, MAX_IMPORT_ROWS } from "#server/imports/import.schema";
import { IMPORTERS } from "#server/imports/importers";
import { can } from "#server/staff/permissions";
import { readUploadForm, UploadRefused } from "#server/uploads/multipart";
import type { Route } from "./+types/import";

/**
 * `/import`: stores, car types or vehicles from a CSV file. Step one uploads the file and shows
 * every row's problems; step two sends the file's text back and writes all rows or none.
 */
const LIMITS = { maxFileBytes: 5 * 1024 * 1024, maxFiles: 1, maxFieldBytes: 6 * 1024 * 1024, maxParts: 8 };
const isKind = (value: unknown): value is ImportKind => IMPORT_KINDS.includes(value as ImportKind);

export function loader({ context, request }: Route.LoaderArgs) {
  const { actor } = requireStaffAccess(context, request, "catalog.edit");
  return { kinds: IMPORT_KINDS.filter((k) => can(actor, IMPORTERS[k].permission)) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request, "catalog.edit");
  let upload: Awaited<ReturnType<typeof readUploadForm>>;
  try {
    upload = await readUploadForm(request, LIMITS);
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    const form = new FormData();
    for (const [k, v] of error.fields) form.append(k, v);
    return formFailure(
      form,
      { file: { code: "import_too_many_rows", params: { max: MAX_IMPORT_ROWS } } },
      error.status,
    );
  }
  const form = new FormData();
  for (const [k, v] of upload.fields) form.append(k, v);
  const kind = form.get("kind");
  const importer = isKind(kind) ? IMPORTERS[kind] : null;
  if (!importer) return formFailure(form, { kind: { code: "invalid_choice" } });
  try {
    if (form.get("intent") === "commit") {
      const text = String(form.get("text") ?? "");
      const { count } = await commitImport(db, siteId, actor, importer, {
        text,
        fileName: String(form.get("file_name") ?? ""),
      });
      invalidateSite(context);
      return redirectWithAdminFlash(request, adminPath(siteId, "/import"), {
        kind: "success",
        key: "admin.import.done",
        params: { count },
      });
    }
    const file = upload.files.find((f) => f.field === "file");
    if (!file) return formFailure(form, { file: { code: "import_file_required" } });
    const preview = await previewImport(db, siteId, actor, importer, file.bytes);
    return data({ preview, fileName: file.filename.slice(0, 200) });
  } catch (error) {
    if (error instanceof AppError && error.status !== 403 && error.status !== 404) {
      const errors = {
        ...(error.details.fieldErrors ?? {}),
        ...(error.details.reason ? { form: error.details.reason } : {}),
      };
      return formFailure(form, errors, error.status);
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.import.title"));

export default function AdminImport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  const errors = actionData && "errors" in actionData ? actionData.errors : NO_FORM_ERRORS;
  const kindValue = actionData && "values" in actionData ? actionData.values.kind : preview?.kind;
  return (
    <>
      <AdminPageHeader title={t("admin.import.title")} lead={t("admin.import.lead")} />
      <div className="grid gap-4">
        {preview ? (
          <Preview preview={preview} fileName={actionData && "fileName" in actionData ? actionData.fileName : ""} />
        ) : null}
        <Form method="post" encType="multipart/form-data" className="grid gap-4" data-testid="import-form">
          <CsrfField />
          <AdminErrorSummary errors={errors} />
          <AdminSection title={preview ? t("admin.import.again") : undefined}>
            <AdminRadioGroup
              name="kind"
              label={t("admin.import.kind")}
              required
              value={kindValue ?? loaderData.kinds[0]}
              errors={errors}
              options={loaderData.kinds.map((k) => ({ value: k, label: t(`admin.import.kind.${k}`) }))}
            />
            <AdminField
              name="file"
              label={t("admin.import.file")}
              hint={t("admin.import.fileHint", { max: MAX_IMPORT_ROWS.toLocaleString() })}
              errors={errors}
              required
            >
              {(ids) => <input type="file" name="file" accept=".csv,text/csv" className="field" {...ids} />}
            </AdminField>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {loaderData.kinds.map((k) => (
                <li key={k}>
                  <a href={path(`/import/template/${k}`)} className="link tap" download data-testid={`template-${k}`}>
                    {t("admin.import.template", { kind: t(`admin.import.kind.${k}`) })}
                  </a>
                </li>
              ))}
            </ul>
            <div>
              <SubmitButton testId="import-check">{t("admin.import.check")}</SubmitButton>
            </div>
          </AdminSection>
        </Form>
      </div>
    </>
  );
}

function Preview({ preview, fileName }: { preview: ImportPreview; fileName: string }) {
  const { t, reasonText, locale } = useAdminI18n();
  const ok = preview.withErrors === 0 && preview.missingColumns.length === 0;
  const label = new Map(preview.columns.map((c) => [c.field, locale === "ja" ? c.ja : c.field]));
  const shown = preview.columns.map((c) => c.field).filter((c) => preview.rows.some((r) => r.cells[c]));
  return (
    <AdminSection title={t("admin.import.previewTitle")} testId="import-preview">
      <p>
        <strong>{fileName}</strong> — {t("admin.import.summary", { total: preview.total, encoding: preview.encoding })}
      </p>
      {preview.missingColumns.length ? (
        <p role="alert" className="font-semibold text-red-800">
          {t("admin.import.missingColumns", {
            columns: preview.missingColumns.map((c) => label.get(c) ?? c).join(", "),
          })}
        </p>
      ) : null}
      {preview.unknownHeaders.length ? (
        <p className="text-amber-900">
          {t("admin.import.unknownHeaders", { headers: preview.unknownHeaders.join(", ") })}
        </p>
      ) : null}
      <p
        role="status"
        className={ok ? "font-semibold text-green-900" : "font-semibold text-red-800"}
        data-testid="import-status"
        data-ok={ok}
      >
        {ok ? t("admin.import.allGood") : t("admin.import.someBad", { count: preview.withErrors })}
      </p>
      <div className="overflow-x-auto">
        <table className="admin-table" data-testid="import-rows">
          <caption className="sr-only">{t("admin.import.previewTitle")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("admin.import.line")}</th>
              {shown.map((c) => (
                <th key={c} scope="col">
                  {label.get(c)}
                </th>
              ))}
              {ok ? null : <th scope="col">{t("admin.import.problems")}</th>}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.line} data-testid="import-row" data-line={r.line}>
                <td data-label={t("admin.import.line")} className="tabular-nums">
                  {r.line}
                </td>
                {shown.map((c) => (
                  <td
                    key={c}
                    data-label={c}
                    className={r.errors.some((e) => e.field === c) ? "bg-red-50 font-semibold text-red-900" : undefined}
                  >
                    {r.cells[c] ?? ""}
                  </td>
                ))}
                {ok ? null : (
                  <td data-label={t("admin.import.problems")}>
                    <ul className="grid gap-1">
                      {r.errors.map((e) => (
                        <li key={e.field} data-testid="import-error" data-field={e.field}>
                          {label.get(e.field) ?? e.field}: {reasonText(e.reason)}
                        </li>
                      ))}
                    </ul>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {ok && preview.total > preview.rows.length ? (
        <p className="text-sm text-gray-700">{t("admin.import.shownFirst", { count: preview.rows.length })}</p>
      ) : null}
      {ok ? (
        <Form method="post" encType="multipart/form-data" data-testid="import-commit">
          <CsrfField />
          <input type="hidden" name="intent" value="commit" />
          <input type="hidden" name="kind" value={preview.kind} />
          <input type="hidden" name="file_name" value={fileName} />
          <input type="hidden" name="text" value={preview.text} />
          <SubmitButton testId="import-commit-submit">
            {t("admin.import.commit", { total: preview.total })}
          </SubmitButton>
        </Form>
      ) : null}
    </AdminSection>
  );
}
