import { type FormEvent, useEffect, useRef, useState } from "react";
import type { ReasonLike } from "#common/app-error";

type Errors = Record<string, ReasonLike>;

/** What a schema's safeParse returns, whichever Zod flavour built it. */
export interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } };
}
interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  maximum?: unknown;
  /** What a custom issue passes to its message (`{ min, max }`, the origin refused). */
  params?: unknown;
}

/**
 * A form's fields as the use case's schema reads them: one string per name, except the names in
 * `lists` (checkbox groups), which keep every value in order, none at all being an empty list.
 */
export function formObject(form: FormData, lists: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = Object.fromEntries(form);
  for (const key of lists) out[key] = form.getAll(key).filter((v) => typeof v === "string");
  return out;
}

/**
 * Zod issues (whose messages are reason codes) as one reason per field, the first one winning.
 * A length limit passes its number on, for messages such as "at most {max} characters"; a custom
 * issue its `params` (a range's `{min}` and `{max}`, the value refused).
 */
export function issuesToErrors(issues: readonly Issue[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    const max = issue.code === "too_big" && typeof issue.maximum === "number" ? issue.maximum : undefined;
    const params =
      issue.code === "custom" && issue.params && typeof issue.params === "object" ? issue.params : undefined;
    errors[field] ??=
      max !== undefined
        ? { code: issue.message, params: { max } }
        : params
          ? { code: issue.message, params: params as Record<string, string | number> }
          : { code: issue.message };
  }
  return errors;
}

/** Of the fields with an error, the one highest on the page (the schema's order may differ). */
function firstOnPage(form: HTMLFormElement, fields: string[]): string | undefined {
  const placed = fields.map((name) => ({
    name,
    el: form.querySelector(`[name="${name}"]:not([type="hidden"])`) ?? form.querySelector(`[data-field="${name}"]`),
  }));
  const found = placed.filter((p): p is { name: string; el: Element } => p.el !== null);
  found.sort((a, b) => (a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return found[0]?.name ?? fields[0];
}

/**
 * No errors, as one object for the life of the page: the hook's effect that takes the server's errors
 * runs on a new object, so an answer without errors must not make a new one each render.
 */
export const NO_FORM_ERRORS: Errors = Object.freeze({});

/** What an action answers a refused form with (`formFailure`): the messages and what was sent. */
interface FormAnswer {
  errors?: Partial<Errors>;
  values?: unknown;
}

/**
 * A page's form in one call: `useFormValidation` over the action's answer, and the values to show,
 * what was sent when the answer is a refusal (`sent`), else `values` (the loader's, or none).
 * `keep` says which answers show what was sent (a refused delete sent nothing but its intent).
 */
export function useForm<A extends FormAnswer, I = Record<string, never>>(
  schema: Schema | null,
  answer: A | null | undefined,
  options: { values?: I; lists?: readonly string[]; keep?: (answer: A) => boolean } = {},
) {
  const validation = useFormValidation(schema, answer?.errors ?? NO_FORM_ERRORS, { lists: options.lists });
  const sent = answer && (options.keep?.(answer) ?? true) ? answer : null;
  const values = (sent ? sent.values : (options.values ?? {})) as NonNullable<A["values"]> | I;
  return { ...validation, sent, values };
}

/**
 * The browser half of the form pattern (docs/decisions/011-forms.md): the use case's schema runs
 * on submit, and a form with errors is not sent; the fields show them at once, and an edited
 * field is checked again as it changes. The server runs the same schema and answers 422 with the
 * field errors it finds, which arrive here as `serverErrors`. Without JavaScript, only the
 * server checks, with the same messages. A phone number is judged by the server alone (the
 * browser has no phone rules, decision 055). `null` for a schema: the server alone checks the
 * form, and its messages show next to the fields as they do without JavaScript (decision 055).
 */
export function useFormValidation(
  schema: Schema | null,
  serverErrors: Partial<Errors>,
  options: { lists?: readonly string[] } = {},
) {
  const [errors, setErrors] = useState<Partial<Errors>>(serverErrors);
  const formRef = useRef<HTMLFormElement>(null);
  // The field to focus once the messages are on the page: they push it down as they appear.
  const [attempt, setAttempt] = useState(0);
  const focusNext = useRef<{ form: HTMLFormElement; field: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each refused attempt focuses once, after it renders
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (!next) return;
    const control =
      next.form.querySelector<HTMLElement>(`[name="${next.field}"]:not([type="hidden"])`) ??
      next.form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!control) return;
    // The whole field (label, control and message) in the middle of the screen: focusing alone
    // scrolls just far enough for the control, leaving a phone's message under the sticky bar.
    control.focus({ preventScroll: true });
    const field = control.closest<HTMLElement>("[data-field]") ?? control;
    const tall = field.getBoundingClientRect().height > window.innerHeight / 2;
    field.scrollIntoView({ block: tall ? "start" : "center" });
  }, [attempt]);
  // A new answer from the server replaces what the browser found. A form the server alone checks
  // focuses its first message then, as a refusal in the browser does (the first render's messages
  // come with the page and stay where the page puts focus).
  const answered = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer counts
  useEffect(() => {
    setErrors(serverErrors);
    const form = formRef.current;
    const first = !schema && answered.current && form ? firstOnPage(form, Object.keys(serverErrors)) : undefined;
    answered.current = true;
    if (!form || !first) return;
    focusNext.current = { form, field: first };
    setAttempt((n) => n + 1);
  }, [serverErrors]);

  const validate = (form: HTMLFormElement): Errors => {
    if (!schema) return {};
    const result = schema.safeParse(formObject(new FormData(form), options.lists));
    return result.success ? {} : issuesToErrors(result.error.issues);
  };
  // A new schema (another store chosen) judges the fields that show a message again.
  const firstSchema = useRef(schema);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new schema re-checks
  useEffect(() => {
    const form = formRef.current;
    // The first schema judged nothing yet: the server's messages stay as they came.
    if (!form || schema === firstSchema.current) return;
    const found = validate(form);
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(current)) {
        if (found[field]) next[field] = found[field];
        else delete next[field];
      }
      return next;
    });
  }, [schema]);

  return {
    errors,
    /** For a field the schema cannot see (Stripe.js's card field reports its own errors). */
    setErrors,
    /** Attach to the form, so a new schema can check it again. */
    formRef,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget;
      const found = validate(form);
      const first = firstOnPage(form, Object.keys(found));
      if (!first) return;
      event.preventDefault();
      setErrors(found);
      focusNext.current = { form, field: first };
      setAttempt((n) => n + 1);
    },
    /** Re-checks the field that changed, leaving the others' messages as they are. */
    onChange(event: FormEvent<HTMLFormElement>) {
      const name = (event.target as HTMLInputElement).name;
      if (!name) return;
      if (!schema) return;
      const found = validate(event.currentTarget);
      setErrors((current) => {
        const next = { ...current };
        // A return date is judged against the departure: re-check both when either moves.
        for (const field of [name, ...(name === "sd" || name === "st" ? ["ed"] : [])]) {
          if (found[field]) next[field] = found[field];
          else delete next[field];
        }
        return next;
      });
    },
  };
}
