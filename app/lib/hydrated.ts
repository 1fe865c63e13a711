import { useEffect, useState } from "react";

/** True once the page runs in the browser (before that, the form must work as plain HTML). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
