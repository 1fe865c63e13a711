import { catalogueAsset, catalogueByCode } from "../i18n/catalogue.server";
import type { Route } from "./+types/catalogue";

/**
 * `/_catalogue/{jp|en|kr|tw|admin-ja|admin-en}.{hash}.json`: a language's messages for the browser,
 * mail texts left out (decisions 027, 029). The hash names the content, so the browser keeps it for a year and fetches it
 * once for every page of every site. An older hash (a page of the previous deploy) gets today's
 * texts, not to be kept.
 */
export function loader({ params }: Route.LoaderArgs) {
  const [code, hash, ext, extra] = (params.file ?? "").split(".");
  const name = catalogueByCode(code);
  if (!name || !hash || ext !== "json" || extra !== undefined) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const asset = catalogueAsset(name);
  const current = asset.url.endsWith(`/${params.file}`);
  return new Response(asset.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
