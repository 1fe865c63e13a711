import type { adminImportJa } from "./import.ja";

export const adminImportEn: Record<keyof typeof adminImportJa, string> = {
  "admin.import.title": "CSV import",
  "admin.import.lead":
    "Add stores, car types or vehicles from a CSV file. Every row is checked first; if a single row is wrong, nothing is added.",
  "admin.import.kind": "What to import",
  "admin.import.kind.stores": "Stores",
  "admin.import.kind.car_types": "Car types",
  "admin.import.kind.vehicles": "Vehicles",
  "admin.import.file": "CSV file",
  "admin.import.fileHint":
    "A CSV saved by Excel (Shift_JIS) or in UTF-8. The first line holds the headers (Japanese or English). At most {max} rows.",
  "admin.import.template": "Download the template ({kind})",
  "admin.import.check": "Check the file",
  "admin.import.previewTitle": "Check before importing",
  "admin.import.summary": "{total} rows (encoding: {encoding})",
  "admin.import.allGood": "Every row can be imported.",
  "admin.import.someBad": "{count} rows have problems. Correct the file and choose it again. Nothing was added.",
  "admin.import.unknownHeaders": "Columns not used: {headers}",
  "admin.import.missingColumns": "Required columns missing: {columns}",
  "admin.import.line": "Line",
  "admin.import.problems": "Problems",
  "admin.import.shownFirst": "The first {count} rows are shown.",
  "admin.import.commit": "Import {total} rows",
  "admin.import.again": "Choose another file",
  "admin.import.done": "{count} imported.",
  "admin.reason.registration_duplicate": "This registration number is also on line {line}.",
  "admin.reason.import_file_required": "Choose a CSV file.",
  "admin.reason.import_too_many_rows": "At most {max} rows at a time. Split the file.",
  "admin.reason.import_empty": "There are no rows to import (the first line holds the headers).",
  "admin.reason.import_has_errors": "Some rows have problems, so nothing was imported. Check the file again.",
};
