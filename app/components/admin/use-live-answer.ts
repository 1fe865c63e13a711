import { type RefObject, useEffect, useRef, useState } from "react";
import { CSRF_HEADER, useCsrfToken } from "#app/components/csrf-field";

const DEBOUNCE_MS = 350;

/**
 * Figures that follow a back-office form as staff type (a fee plan's preview, a phone booking's
 * quote): after a pause in typing, the form as it stands is posted to `url` for JSON, and only the
 * newest answer counts. An answer from the page's own action (without JavaScript, or a refused
 * save) replaces the live one. `failed` is shown when the route cannot be reached.
 */
export function useLiveAnswer<T>(
  formRef: RefObject<HTMLFormElement | null>,
  url: string,
  initial: T,
  read: (json: Partial<T>) => T,
  failed: T,
): { answer: T; busy: boolean; schedule: () => void; cancel: () => void } {
  const csrf = useCsrfToken();
  const [answer, setAnswer] = useState(initial);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<AbortController | null>(null);
  useEffect(() => setAnswer(initial), [initial]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      running.current?.abort();
    },
    [],
  );

  async function run() {
    const form = formRef.current;
    if (!form) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    try {
      const body = new URLSearchParams();
      for (const [key, value] of new FormData(form)) if (typeof value === "string") body.append(key, value);
      const response = await fetch(url, {
        method: "POST",
        body,
        headers: csrf ? { [CSRF_HEADER]: csrf, Accept: "application/json" } : { Accept: "application/json" },
        signal: controller.signal,
      });
      const next = read((await response.json()) as Partial<T>);
      if (!controller.signal.aborted) setAnswer(next);
    } catch (error) {
      // An aborted request was replaced by a newer one.
      if ((error as Error).name !== "AbortError") setAnswer(failed);
    } finally {
      if (running.current === controller) {
        running.current = null;
        setBusy(false);
      }
    }
  }

  return {
    answer,
    busy,
    schedule() {
      clearTimeout(timer.current);
      timer.current = setTimeout(run, DEBOUNCE_MS);
    },
    /** The form is being sent: no answer may follow (it would use up the flash the redirect leaves). */
    cancel() {
      clearTimeout(timer.current);
      running.current?.abort();
    },
  };
}
