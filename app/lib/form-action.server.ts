import { data } from "react-router";
import type { ReasonLike } from "../../common/app-error";
import { AppError } from "../../server/errors";
import { issuesToErrors } from "./forms";

/** What an action answers when the form is refused: the errors by field and what was typed. */
export interface FormFailure {
  errors: Record<string, ReasonLike>;
  values: Record<string, string>;
}

interface Schema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** The form's text fields (files and the CSRF token left out), to fill the form again. */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && key !== "_csrf" && !/password|card_number|cvc/i.test(key)) values[key] = value;
  }
  return values;
}

/** A 422 that re-renders the form with its messages and its values (never the passwords). */
export function formFailure(form: FormData, errors: Record<string, ReasonLike>, status = 422) {
  return data<FormFailure>({ errors, values: formValues(form) }, { status });
}

/**
 * The action half of the form pattern: parse with the use case's schema, then run `handle`.
 * Schema issues and an AppError with field errors or a reason come back as a FormFailure with
 * the AppError's status (422, or 429 for throttling); anything else propagates.
 */
export async function handleForm<T, R>(
  form: FormData,
  schema: Schema<T>,
  handle: (input: T) => Promise<R>,
): Promise<R | ReturnType<typeof formFailure>> {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return formFailure(form, issuesToErrors(parsed.error.issues));
  try {
    return await handle(parsed.data);
  } catch (error) {
    if (error instanceof AppError && (error.details.fieldErrors || error.details.reason) && error.status !== 404) {
      const errors: Record<string, ReasonLike> = { ...(error.details.fieldErrors ?? {}) };
      if (error.details.reason) errors.form = error.details.reason;
      return formFailure(form, errors, error.status);
    }
    throw error;
  }
}
