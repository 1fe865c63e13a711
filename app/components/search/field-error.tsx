import type { Reason } from "../../../server/availability/reasons";
import type { MessageKey } from "../../i18n/messages";
import { useI18n } from "../../lib/i18n";

export function useReasonText() {
  const { t } = useI18n();
  return (reason: Reason) => t(`reason.${reason.code}` as MessageKey, reason.params);
}

/** The message next to a field; its id is what the field's aria-describedby points at. */
export function FieldError({ id, reason }: { id: string; reason: Reason | undefined }) {
  const text = useReasonText();
  if (!reason) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-700" data-testid={`error-${id.replace(/-error$/, "")}`}>
      {text(reason)}
    </p>
  );
}
