import { createContext, type ReactNode, useContext } from "react";
import { Link } from "react-router";
import { EMBED_MESSAGE_SOURCE, embedOriginAllowed } from "#common/embedding";
import { useI18n } from "./i18n";
import { useSite } from "./site";

/**
 * Browser side of the embedded flow (docs/decisions/025-embedded-booking.md): whether this frame
 * may keep cookies, and the messages to the client's page that frames it (public/embed.js).
 */

/** Whether the browser refuses the embedded flow's cookies; false outside the embedded flow. */
const EmbedStorageContext = createContext(false);
export const EmbedStorageProvider = EmbedStorageContext.Provider;
export const useEmbedStorageRefused = () => useContext(EmbedStorageContext);

/**
 * Whether a cookie like the server's (`SameSite=None; Secure; Partitioned`) is kept in this frame.
 * Browsers that block third-party storage drop it silently and still say `cookieEnabled`.
 */
export function cookiesKept(): boolean {
  const probe = "embed_probe=1";
  const attributes = "Path=/; SameSite=None; Secure; Partitioned";
  // biome-ignore lint/suspicious/noDocumentCookie: written as the server writes its cookies; Firefox has no Cookie Store API
  document.cookie = `${probe}; Max-Age=60; ${attributes}`;
  const kept = document.cookie.split(/;\s*/).includes(probe);
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `embed_probe=; Max-Age=0; ${attributes}`;
  return kept;
}

const PARENT_ORIGIN_KEY = "rentacar-embed-parent";

/**
 * The origin of the page that frames us, when it is one the site allows (the browser already
 * checked it against `frame-ancestors`; this keeps messages from going anywhere else). Chrome and
 * Safari name it in `ancestorOrigins`; elsewhere the first page's referrer does, remembered for the
 * pages after it.
 */
export function parentOrigin(allowed: readonly string[]): string | null {
  if (window.parent === window) return null;
  let origin = window.location.ancestorOrigins?.[0] ?? null;
  if (!origin) {
    try {
      origin = window.sessionStorage.getItem(PARENT_ORIGIN_KEY);
      const referrer = document.referrer ? new URL(document.referrer).origin : null;
      if (!origin && referrer && referrer !== window.location.origin) {
        origin = referrer;
        window.sessionStorage.setItem(PARENT_ORIGIN_KEY, origin);
      }
    } catch {
      return null; // storage refused: the page says so and offers a new tab
    }
  }
  return origin && embedOriginAllowed(origin, allowed) ? origin : null;
}

export type EmbedMessage = { type: "height"; height: number } | { type: "page"; path: string };

export function postToParent(origin: string, message: EmbedMessage): void {
  window.parent.postMessage({ source: EMBED_MESSAGE_SOURCE, ...message }, origin);
}

/** A link out of the client's frame to the site itself, in a new tab, said so to screen readers. */
export function NewTabLink(props: { href: string; className: string; testId: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <a href={props.href} target="_blank" rel="noopener" className={props.className} data-testid={props.testId}>
      {props.children}
      <span className="sr-only"> {t("embed.newTab")}</span>
    </a>
  );
}

/**
 * A link that leaves the booking (My Page, registration, password recovery): inside a client's
 * frame it opens the site itself in a new tab, never the full site in the frame.
 */
export function FlowExitLink(props: { to: string; className: string; testId: string; children: ReactNode }) {
  const shell = useSite();
  if (shell.embedded) {
    return (
      <NewTabLink href={props.to} className={props.className} testId={props.testId}>
        {props.children}
      </NewTabLink>
    );
  }
  return (
    <Link to={props.to} className={props.className} data-testid={props.testId}>
      {props.children}
    </Link>
  );
}
