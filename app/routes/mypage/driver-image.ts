import { requireUser } from "#app/lib/guards.server";
import { getSite, requireId, services } from "#app/lib/site.server";
import { IMAGE_SLOTS } from "#server/drivers/driver.schema";
import { readDriverImage } from "#server/drivers/images";
import type { Route } from "./+types/driver-image";

/** Nothing about whether the image exists or whose it is: the same 404 for every refusal. */
function notFound(): Response {
  return new Response("Not Found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A licence image (personal data), served only to the member whose driver it is, on the site it
 * belongs to: another member's, another site's, a missing one or a bad id all answer 404. Never
 * stored by a cache; the type is the one the server sniffed and wrote, and browsers may not guess.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { siteId } = getSite(context);
  const member = await requireUser(context, request);
  const slot = Number(params.slot);
  if (!/^[1-4]$/.test(params.slot ?? "") || !(IMAGE_SLOTS as readonly number[]).includes(slot)) return notFound();
  let driverId: number;
  try {
    driverId = requireId(params.driverId);
  } catch {
    return notFound();
  }
  const { db, blobs } = services(context);
  const image = await readDriverImage(db, blobs, siteId, member.id, driverId, slot);
  if (!image) return notFound();
  return new Response(image.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
