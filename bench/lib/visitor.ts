// A browser-like visitor of the demo site, and the paths of its booking flow, for the benches.

/** The demo site the benches book on: several stores, online booking open (spec §9). */
export const SITE = "sakura";

/** One visitor: a cookie jar, the CSRF double-submit token, and the booking steps as a browser posts them. */
export class Visitor {
  private cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  async get(pathname: string): Promise<{ status: number; html: string; location: string | null }> {
    const response = await fetch(this.base + pathname, {
      headers: { cookie: this.cookieHeader() },
      redirect: "manual",
    });
    this.keep(response);
    return { status: response.status, html: await response.text(), location: response.headers.get("location") };
  }
  /** Posts a form as a browser does: url-encoded, or multipart when the form takes files. */
  async post(pathname: string, fields: Record<string, string>, multipart = false) {
    const all = { _csrf: this.cookies.get("csrf") ?? "", ...fields };
    let body: FormData | URLSearchParams;
    if (multipart) {
      body = new FormData();
      for (const [k, v] of Object.entries(all)) body.set(k, v);
    } else body = new URLSearchParams(all);
    const response = await fetch(this.base + pathname, {
      method: "POST",
      headers: { cookie: this.cookieHeader(), origin: this.base },
      body,
      redirect: "manual",
    });
    this.keep(response);
    return { status: response.status, html: await response.text(), location: response.headers.get("location") };
  }

  /** Options (as they are) → customer (the borrower drives) → confirmation; returns the submit's fields. */
  async prepare(optionsPath: string, n: number): Promise<Record<string, string>> {
    const options = await this.get(optionsPath);
    if (options.status !== 200) throw new Error(`options answered ${options.status}`);
    const next = await this.post(optionsPath, { intent: "next" });
    if (next.status !== 302) throw new Error(`options next answered ${next.status}`);
    const user = await this.post(
      `/${SITE}/reserve/user`,
      {
        user_type: "1",
        name: "ベンチ 太郎",
        kana: "ベンチ タロウ",
        email: `bench-${n}@example.com`,
        tel: "090-0000-0000",
        zip: "9000006",
        pref_code: "47",
        address_a: "那覇市おもろまち1-1-1",
        driver_mode: "same",
      },
      true,
    );
    if (user.status !== 302) throw new Error(`customer answered ${user.status}`);
    const confirm = await this.get(`/${SITE}/reserve/confirm`);
    const key = /name="idempotency_key" value="([^"]+)"/.exec(confirm.html)?.[1];
    if (!key) throw new Error(`no idempotency key on the confirmation (${confirm.status})`);
    return { intent: "submit", pay_method: "2", idempotency_key: key };
  }
}

export async function storeAndTypes(base: string): Promise<{ storeId: number; typeIds: number[] }> {
  const stores = await (await fetch(`${base}/${SITE}/store`)).text();
  const storeId = Number(new RegExp(`href="/${SITE}/store/(\\d+)"`).exec(stores)?.[1]);
  const list = await (await fetch(`${base}/${SITE}/reserve?si=${storeId}&date_undecided=1`)).text();
  const typeIds = [...new Set([...list.matchAll(/data-car-type-id="(\d+)"/g)].map((m) => Number(m[1])))];
  return { storeId, typeIds };
}

export const tokyoDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Asia/Tokyo" });

export function optionsPath(storeId: number, typeId: number, from: number, nights: number, startTime = "10:00") {
  const q = new URLSearchParams({
    si: String(storeId),
    sd: tokyoDay(from),
    st: startTime,
    ed: tokyoDay(from + nights),
    et: "17:00",
  });
  return `/${SITE}/reserve/stores/${storeId}/cars/${typeId}/options?${q}`;
}
