import { adminRequest, requireStaffAccess } from "#app/lib/admin.server";
import { notFoundError } from "#server/errors";
import { toCsv } from "#server/imports/csv";
import { IMPORT_KINDS, type ImportKind } from "#server/imports/import";
import { IMPORTERS, importTemplate } from "#server/imports/importers";
import type { Route } from "./+types/import-template";

/** `/import/template/{kind}`: a CSV with the columns of a kind of import, headers in the staff member's language, and an example row that imports. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db, siteId } = requireStaffAccess(context, request, "catalog.edit");
  const importer = IMPORT_KINDS.includes(params.kind as ImportKind) ? IMPORTERS[params.kind as ImportKind] : undefined;
  if (!importer) throw notFoundError();
  const locale = adminRequest(context)?.locale ?? "ja";
  // The example row names this site's own stores, classes and car types, so the template imports as it is.
  const examples = importer.examples?.(await importer.lookups(db, siteId));
  return new Response(toCsv(importTemplate(importer, locale, examples)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${params.kind}-template.csv"`,
    },
  });
}
