import type { ReasonLike } from "#common/app-error";
import { recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { AppError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { type Actor, authorize, type Permission } from "#server/staff/permissions";
import { decodeCsv, parseCsv } from "./csv";
import { IMPORT_KINDS, type ImportKind, MAX_IMPORT_ROWS } from "./import.schema";

/**
 * Importing a company's stores, car types or vehicles from a CSV file (issue 23). A preview reads
 * every row with the same schema as the back office's form and shows each row's problems before
 * anything is written; the import reads the file again, and writes all rows in one transaction or
 * none. Nothing from the preview is trusted.
 */
export { IMPORT_KINDS, type ImportKind, MAX_IMPORT_ROWS };
/** Rows the preview lists when all is well (every row with a problem is listed whatever their number). */
export const PREVIEW_ROWS = 100;

export interface ImportColumn {
  /** The form field it fills (the header in English). */
  field: string;
  /** The Japanese header, as the template writes it. */
  ja: string;
  required?: boolean;
  /** The template's example row. */
  example?: string;
}

export interface RowOutcome<T> {
  value?: T;
  /** By field: why the value was refused. */
  errors?: Record<string, ReasonLike>;
}

/** What one kind of import needs to know: its columns, how a row is read, and how rows are written. */
export interface Importer<T, Lookups = unknown> {
  kind: ImportKind;
  permission: Permission;
  columns: readonly ImportColumn[];
  /** What a row's references are checked against (the site's stores, classes, …), read once. */
  lookups(db: DbOrTx, siteId: string): Promise<Lookups>;
  /** One row, its cells by field (empty cells as ""), read as the form would read it. */
  readRow(cells: Record<string, string>, lookups: Lookups): RowOutcome<T>;
  /** Problems only the whole file shows (the same registration number twice), by row index. */
  checkAll?(rows: readonly T[], lookups: Lookups): Map<number, Record<string, ReasonLike>>;
  /** The template's example cells this site would accept (its own store, class and car type names). */
  examples?(lookups: Lookups): Record<string, string>;
  /** Writes every row in the caller's transaction; returns what the audit log keeps of each. */
  write(tx: DbOrTx, siteId: string, rows: readonly T[]): Promise<unknown[]>;
}

export interface PreviewRow {
  /** The line in the file (the header is line 1). */
  line: number;
  cells: Record<string, string>;
  errors: { field: string; reason: ReasonLike }[];
}

export interface ImportPreview {
  kind: ImportKind;
  encoding: string;
  total: number;
  withErrors: number;
  /** Headers that name no column (ignored), and required columns that are missing. */
  unknownHeaders: string[];
  missingColumns: string[];
  /** Every column: its field and its Japanese header. */
  columns: { field: string; ja: string }[];
  rows: PreviewRow[];
  /** The file's text, to send back for the import itself. */
  text: string;
}

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

function readFile<T, L>(importer: Importer<T, L>, text: string, lookups: L) {
  const { headers, rows } = parseCsv(text);
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new AppError("invalid_input", {
      fieldErrors: { file: { code: "import_too_many_rows", params: { max: MAX_IMPORT_ROWS } } },
    });
  }
  const byHeader = new Map<string, ImportColumn>();
  for (const c of importer.columns) {
    byHeader.set(normalise(c.field), c);
    byHeader.set(normalise(c.ja), c);
  }
  const mapped = headers.map((h) => byHeader.get(normalise(h)) ?? null);
  const unknownHeaders = headers.filter((h, i) => h && !mapped[i]);
  const present = new Set(mapped.filter(Boolean).map((c) => c?.field));
  const missingColumns = importer.columns.filter((c) => c.required && !present.has(c.field)).map((c) => c.field);
  const read = rows.map((cells, index) => {
    const byField: Record<string, string> = {};
    for (const [i, column] of mapped.entries()) if (column) byField[column.field] = (cells[i] ?? "").trim();
    return { line: index + 2, cells: byField, outcome: importer.readRow(byField, lookups) };
  });
  const whole = importer.checkAll?.(
    read.map((r) => r.outcome.value as T),
    lookups,
  );
  const outcomes = read.map((r, index) => {
    const errors = { ...(r.outcome.errors ?? {}), ...(whole?.get(index) ?? {}) };
    return { ...r, errors: Object.entries(errors).map(([field, reason]) => ({ field, reason })) };
  });
  return {
    unknownHeaders,
    missingColumns,
    columns: importer.columns.map((c) => ({ field: c.field, ja: c.ja })),
    outcomes,
  };
}

/** Reads the file and every row without writing anything. */
export async function previewImport<T, L>(
  db: Db,
  siteId: string,
  actor: Actor,
  importer: Importer<T, L>,
  bytes: Uint8Array,
): Promise<ImportPreview> {
  authorize(actor, importer.permission);
  const { text, encoding } = decodeCsv(bytes);
  const file = readFile(importer, text, await importer.lookups(db, siteId));
  if (!file.outcomes.length) throw new AppError("invalid_input", { fieldErrors: { file: { code: "import_empty" } } });
  const withErrors = file.outcomes.filter((o) => o.errors.length);
  return {
    kind: importer.kind,
    encoding,
    total: file.outcomes.length,
    withErrors: withErrors.length,
    unknownHeaders: file.unknownHeaders,
    missingColumns: file.missingColumns,
    columns: file.columns,
    rows: (withErrors.length ? withErrors : file.outcomes.slice(0, PREVIEW_ROWS)).map((o) => ({
      line: o.line,
      cells: o.cells,
      errors: o.errors,
    })),
    text,
  };
}

/**
 * Imports the file: read again from its text, refused as a whole if any row has a problem, else
 * every row written in one transaction with one audit entry holding what was written.
 */
export async function commitImport<T, L>(
  db: Db,
  siteId: string,
  actor: Actor,
  importer: Importer<T, L>,
  input: { text: string; fileName: string },
): Promise<{ count: number }> {
  authorize(actor, importer.permission);
  return db.transaction(async (tx) => {
    const file = readFile(importer, input.text, await importer.lookups(tx, siteId));
    if (!file.outcomes.length) throw new AppError("invalid_input", { fieldErrors: { file: { code: "import_empty" } } });
    if (file.missingColumns.length || file.outcomes.some((o) => o.errors.length)) {
      throw new AppError("rejected", { reason: { code: "import_has_errors" } });
    }
    const written = await importer.write(
      tx,
      siteId,
      file.outcomes.map((o) => o.outcome.value as T),
    );
    await recordAudit(tx, siteId, actor, {
      action: `import.${importer.kind}`,
      entity: importer.kind,
      after: { file: input.fileName.slice(0, 200), count: written.length, rows: written },
    });
    return { count: written.length };
  });
}

interface RowSchema<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string; params?: unknown }[] };
      };
}

/** A row read by the form's schema: its value, or the first problem of each field. */
export function parseRow<T>(schema: RowSchema<T>, raw: Record<string, unknown>): RowOutcome<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { value: parsed.data };
  const errors: Record<string, ReasonLike> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "file");
    const params = issue.params as ReasonLike["params"] | undefined;
    errors[field] ??= params ? { code: issue.message, params } : { code: issue.message };
  }
  return { errors };
}

/** A yes/no cell (1, yes, true, はい, ○) as a checkbox would send it. */
export const yesNo = (cell: string | undefined) => (/^(1|y|yes|true|はい|○|◯)$/i.test((cell ?? "").trim()) ? "1" : "");
