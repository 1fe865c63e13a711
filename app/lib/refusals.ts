import type { ReasonLike } from "#common/app-error";

/**
 * A refused form's messages, one per refusal: a reason that is also a field's error (the exclusion
 * constraint's "taken" names the form and the car field) is shown once, as the form's.
 */
export function oneEach(errors: Record<string, ReasonLike | undefined>): Record<string, ReasonLike> {
  const form = errors.form;
  return Object.fromEntries(
    Object.entries(errors).filter(
      (e): e is [string, ReasonLike] => Boolean(e[1]) && (e[0] === "form" || !form || e[1]?.code !== form.code),
    ),
  );
}
