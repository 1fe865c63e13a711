import { data } from "react-router";
import type { ReasonLike } from "#common/app-error";
import { AppError } from "#server/errors";
import { formObject, issuesToErrors } from "./forms";

/** What an action answers when the form is refused: the errors by field and what was typed. */
export interface FormFailure {
  errors: Record<string, ReasonLike>;
  values: Record<string, string>;
  /** Every value of a name sent more than once (a checkbox group), in order. */
  lists: Record<string, string[]>;
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

/** The names sent more than once, with all their values (checkbox groups), to tick them again. */
function formLists(form: FormData): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    if (all.length > 1) lists[key] = all;
  }
  return lists;
}

/** A 422 that re-renders the form with its messages and its values (never the passwords). */
export function formFailure(form: FormData, errors: Record<string, ReasonLike>, status = 422) {
  return data<FormFailure>({ errors, values: formValues(form), lists: formLists(form) }, { status });
}

/**
 * The action half of the form pattern: parse with the use case's schema (checkbox groups named in
 * `options.lists` as lists), then run `handle`.
 * Schema issues and an AppError with field errors or a reason come back as a FormFailure with
 * the AppError's status (422, or 429 for throttling); anything else propagates.
 */
export async function handleForm<T, R>(
  form: FormData,
  schema: Schema<T>,
  handle: (input: T) => Promise<R>,
  options: { lists?: readonly string[] } = {},
): Promise<R | ReturnType<typeof formFailure>> {
  const parsed = schema.safeParse(formObject(form, options.lists));
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

const NO_FIELDS: Schema<undefined> = { safeParse: () => ({ success: true, data: undefined }) };

/** An action that reads no fields (a delete button): its refusals come back as the form's message. */
export const handleIntent = <R>(form: FormData, handle: () => Promise<R>) => handleForm(form, NO_FIELDS, handle);
