import { catalogueAsset, catalogueByCode, catalogueEncoding, encodedCatalogue } from "#app/i18n/catalogue.server";
import type { Route } from "./+types/catalogue";

/**
 * `/_catalogue/{jp|en|kr|tw|admin-ja|admin-en}.{hash}.json`: a language's messages for the browser,
 * mail texts left out (decisions 027, 029). The hash names the content, so the browser keeps it for a year and fetches it
 * once for every page of every site. An older hash (a page of the previous deploy) gets today's
 * texts, not to be kept. It goes out compressed once per process, in Brotli where the browser takes it.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const [code, hash, ext, extra] = (params.file ?? "").split(".");
  const name = catalogueByCode(code);
  if (!name || !hash || ext !== "json" || extra !== undefined) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const asset = catalogueAsset(name);
  const current = asset.url.endsWith(`/${params.file}`);
  const encoding = catalogueEncoding(request.headers.get("accept-encoding"));
  return new Response(encoding ? (encodedCatalogue(name, encoding) as Uint8Array<ArrayBuffer>) : asset.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    },
  });
}
