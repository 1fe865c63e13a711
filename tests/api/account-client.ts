import { randomUUID } from "node:crypto";
import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import type { Locale } from "#common/locales";
import { listOutbox } from "#server/mail/outbox";
import { type apiHarness, CookieJar } from "./harness";

/**
 * Helpers of the account groups' API tests (users, password, address): a browser with its cookie
 * jar and CSRF token, the four language prefixes, the catalogue's strings and fresh form data.
 */

export type Harness = Awaited<ReturnType<typeof apiHarness>>;

/** The prefixes of §2 and the language each answers in. */
export const PREFIXES: readonly (readonly [prefix: string, locale: Locale])[] = [
  ["", "ja"],
  ["/en", "en"],
  ["/kr", "ko"],
  ["/tw", "zh-TW"],
];

export const SITE = "sakura";

/** A catalogue string, as the API should answer it in that language. */
export const text = (locale: Locale, key: MessageKey, params?: Record<string, string | number>) =>
  translate(CATALOGUES[locale], key, params);

/** An address no member of any site has. */
export const freshEmail = () => `api-${randomUUID().slice(0, 12)}@example.com`;

/** The registration form as a page would post it (strings), valid as it is. */
export const registrationForm = (email: string, fields: Record<string, string> = {}): Record<string, string> => ({
  user_type: "1",
  company: "",
  company_kana: "",
  name: "API 太郎",
  kana: "エーピーアイ タロウ",
  email,
  gender: "1",
  birth_year: "1990",
  birth_month: "4",
  birth_day: "1",
  tel: "090-1234-5678",
  zip: "1000001",
  pref_code: "13",
  country: "",
  address_a: "千代田区千代田1-1",
  address_b: "",
  newsletter: "0",
  password: "Zq8wNm4xKp",
  password_confirm: "Zq8wNm4xKp",
  ...fields,
});

/** One browser of one site: cookies kept across calls, the CSRF token sent with every POST. */
export class Browser {
  readonly jar = new CookieJar();
  private csrf: string | null = null;

  constructor(
    private readonly h: Harness,
    readonly site = SITE,
  ) {}

  async request(
    path: string,
    init: {
      method?: string;
      body?: unknown;
      headers?: Record<string, string>;
      csrf?: boolean;
      keepCookies?: boolean;
    } = {},
  ): Promise<Response> {
    const method = init.method ?? (init.body === undefined ? "GET" : "POST");
    const headers: Record<string, string> = { "X-Site-Id": this.site, ...init.headers };
    if (method === "POST") {
      headers["content-type"] = "application/json";
      if (init.csrf !== false) headers["X-CSRF-Token"] = await this.token();
    }
    const cookie = this.jar.header();
    if (cookie) headers.cookie = cookie;
    const response = await this.h.call(path, {
      method,
      headers,
      ...(method === "POST" ? { body: JSON.stringify(init.body ?? {}) } : {}),
    });
    if (init.keepCookies !== false) this.jar.take(response);
    return response;
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.request(path, { headers });
  }

  post(
    path: string,
    body: unknown = {},
    init: { headers?: Record<string, string>; csrf?: boolean; keepCookies?: boolean } = {},
  ) {
    return this.request(path, { ...init, method: "POST", body });
  }

  private async token(): Promise<string> {
    if (this.csrf) return this.csrf;
    const response = await this.request("/api/v1/auth/csrf-cookie");
    this.csrf = ((await response.json()) as { csrf_token: string }).csrf_token;
    return this.csrf;
  }
}

/** The site's newest mails to an address (newest first). */
export async function mailsTo(h: Harness, siteId: string, address: string) {
  return (await listOutbox(h.handle.forSite(siteId), siteId, { limit: 500 })).filter(
    (m) => m.toAddress.toLowerCase() === address.toLowerCase(),
  );
}

export type ProblemBody = {
  status: number;
  code: string;
  detail: string;
  reason?: string;
  errors?: Record<string, string[]>;
  error_codes?: Record<string, string>;
};

export const json = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;
