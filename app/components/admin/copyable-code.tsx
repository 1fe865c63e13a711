import { type ReactNode, useEffect, useRef, useState } from "react";
import { useHydrated } from "#app/lib/hydrated";

/**
 * A value shown once to be copied (an API key, a calendar feed's URL): selectable as one block
 * without JavaScript, with a copy button once hydrated. Without a clipboard (plain http, a refused
 * permission) the value is selected, so one keystroke copies it.
 */
export function CopyableCode(props: {
  value: string;
  texts: { copy: string; copied: string; failed: string };
  /** Names the value for screen readers when a page has several ("Copy: English URL"). */
  label?: string;
  testId: string;
  copyTestId: string;
  statusTestId?: string;
}) {
  const hydrated = useHydrated();
  const code = useRef<HTMLElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setCopy("copied");
    } catch {
      if (code.current) window.getSelection()?.selectAllChildren(code.current);
      setCopy("failed");
    }
  };
  return (
    <>
      <code
        ref={code}
        className="block rounded-md border border-gray-400 bg-white px-3 py-2 font-mono text-base break-all select-all"
        data-testid={props.testId}
      >
        {props.value}
      </code>
      {hydrated ? (
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className="btn-secondary" onClick={onCopy} data-testid={props.copyTestId}>
            {props.texts.copy}
            {props.label ? <span className="sr-only">: {props.label}</span> : null}
          </button>
          <span role="status" className="text-sm font-semibold" data-testid={props.statusTestId}>
            {copy === "copied" ? props.texts.copied : copy === "failed" ? props.texts.failed : ""}
          </span>
        </div>
      ) : null}
    </>
  );
}

/**
 * The answer that shows a secret once (an API key, a calendar feed's URL): focused when it appears,
 * since it replaces nothing near the button that was pressed, with its warning above the values.
 */
export function ShownOnce(props: {
  id: string;
  testId: string;
  title: string;
  warning: string;
  warningTestId?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby={props.id}
      className="mb-6 grid gap-3 rounded-lg border-2 border-green-700 bg-green-50 p-4 outline-none sm:p-5"
      data-testid={props.testId}
    >
      <h2 id={props.id} className="text-lg font-bold text-green-900">
        {props.title}
      </h2>
      <p className="font-semibold text-red-800" data-testid={props.warningTestId}>
        {props.warning}
      </p>
      {props.children}
    </section>
  );
}
