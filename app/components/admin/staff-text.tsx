import { useAdminI18n } from "#app/lib/admin";
import { pickStaffText } from "#app/lib/staff-text";

/**
 * A staff-entered text in the staff member's language, or the Japanese with a small "JA" mark that
 * says (to sight and to screen readers) there is no English text yet.
 */
export function StaffText({ ja, en, fallback }: { ja: string; en?: string | null; fallback?: string }) {
  const { locale, t } = useAdminI18n();
  const picked = pickStaffText(ja, en, locale);
  if (!picked.text) return <>{fallback ?? ""}</>;
  if (!picked.untranslated) return <>{picked.text}</>;
  return (
    <>
      <span lang="ja">{picked.text}</span> <UntranslatedMark label={t("admin.translations.noEnglish")} />
    </>
  );
}

export function UntranslatedMark({ label }: { label: string }) {
  return (
    <span
      className="ml-0.5 inline-block rounded border border-amber-400 bg-amber-50 px-1 align-middle text-[0.7rem] leading-4 font-semibold text-amber-900"
      title={label}
      data-testid="untranslated"
    >
      <span aria-hidden="true">JA</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The same choice as plain text, for `<option>` and titles: the Japanese says "(JA)" after it. */
export function useStaffTextPlain(): (ja: string, en?: string | null) => string {
  const { locale } = useAdminI18n();
  return (ja, en) => {
    const picked = pickStaffText(ja, en, locale);
    return picked.untranslated ? `${picked.text} (JA)` : picked.text;
  };
}

/** A `<select>` choice per store, class or car type, labelled in the staff member's language. */
export type StaffChoice = { value: string; label: string };

export function useStaffChoices(): (
  rows: readonly { id: number; name: string; nameEn?: string | null }[],
) => StaffChoice[] {
  const staffText = useStaffTextPlain();
  return (rows) => rows.map((r) => ({ value: String(r.id), label: staffText(r.name, r.nameEn) }));
}
