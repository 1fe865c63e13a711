import { FeePlanPreviewTable, type PreviewAnswer } from "#app/components/admin/fee-plan-preview";
import { useAdminI18n } from "#app/lib/admin";

/** The figures of what is typed, beside the form, and the button that asks for them without JavaScript. */
export function PreviewPanel({ answer, busy, invalid }: { answer: PreviewAnswer; busy: boolean; invalid: boolean }) {
  const { t } = useAdminI18n();
  return (
    <section
      aria-labelledby="fee-preview-title"
      className="card grid gap-3 p-4 sm:p-5 xl:sticky xl:top-4 xl:col-start-2 xl:row-start-1"
    >
      <h2 id="fee-preview-title" className="text-lg font-bold">
        {t("admin.feePlans.preview")}
      </h2>
      <FeePlanPreviewTable answer={answer} busy={busy} invalid={invalid} />
      <button type="submit" name="intent" value="preview" className="btn-secondary w-fit" data-testid="preview">
        {t("admin.feePlans.previewButton")}
      </button>
    </section>
  );
}
