import { reasonMessage } from "#app/i18n/labels";
import { useI18n } from "#app/lib/i18n";
import type { ReasonLike } from "#common/app-error";

export function useReasonText() {
  const { t } = useI18n();
  return (reason: ReasonLike) => t(reasonMessage(reason.code) ?? "error.generic", reason.params);
}

/** The message next to a field; its id is what the field's aria-describedby points at. */
export function FieldError({ id, reason }: { id: string; reason: ReasonLike | undefined }) {
  const text = useReasonText();
  if (!reason) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-700" data-testid={`error-${id.replace(/-error$/, "")}`}>
      {text(reason)}
    </p>
  );
}
