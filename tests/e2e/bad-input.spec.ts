import { expect, test } from "./fixtures";

// No path, query string or cookie may cause a 500 (issue: "Bad input").
const PATHS = [
  "/%E0%A4%A",
  "/sakura/%E0%A4%A",
  "/en/%ZZ",
  "/sakura/store/%00",
  "/sakura/store/-1",
  "/sakura/store/99999999999999999999",
  "/sakura/store/1.5",
  "/sakura/c/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "/sakura/c/..%2F..%2F",
  "/sakura/custom_page/<script>",
  "/SAKURA",
  "/sakura%20",
  `/${"a".repeat(3000)}`,
  "/sakura/store/1/extra/segments/here",
  "/en/kr/tw/sakura",
  "/sakura//store",
  "/sakura/store?si=%00&sd=2026-99-99&x[]=1&x[]=2",
  "/?lang=%E0%A4%A",
  "/sakura.data",
  "/sakura/store.data?_routes=nonsense",
  "/__manifest?p=%ZZ",
  "/assets/../../package.json",
];

test("odd paths and queries never answer 500", async ({ request }) => {
  for (const path of PATHS) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(500);
  }
});

test("odd cookies and headers are ignored", async ({ request }) => {
  const cookies = ["i18n_redirected=%E0%A4%A", "i18n_redirected=", "=;;;=", `i18n_redirected=${"x".repeat(4000)}`];
  for (const cookie of cookies) {
    for (const path of ["/", "/sakura", "/en/sakura/store"]) {
      const response = await request.get(path, {
        headers: { cookie, "accept-language": "q=;;,zz-ZZ;q=abc" },
        maxRedirects: 0,
      });
      expect(response.status(), `${path} with ${cookie.slice(0, 30)}`).toBeLessThan(500);
    }
  }
});

test("unsupported methods answer 405, and a POST without a CSRF token 403", async ({ request }) => {
  for (const method of ["PUT", "DELETE", "PATCH"] as const) {
    const response = await request.fetch("/sakura", { method, data: "x=1", maxRedirects: 0 });
    expect(response.status(), method).toBe(405);
  }
  const post = await request.fetch("/sakura", { method: "POST", data: "x=1", maxRedirects: 0 });
  expect(post.status()).toBe(403);
});
