import { type PGlite, parse, type Results } from "@electric-sql/pglite";
import { readAnswer, type WireMessage, WireWriter } from "./wire";

export type QueryOptions = Parameters<PGlite["query"]>[2];
/** One statement and its answer, as PGlite's `query` gives it. */
export type PgliteSend = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
/** `parse` reads only the fields a `WireMessage` has. */
const asBackend = (read: WireMessage[]) => read as unknown as Parameters<typeof parse.parseResults>[0];

/**
 * Statements kept prepared, least recently used out first. A plan is a few kilobytes of PGlite's
 * WebAssembly memory, which never shrinks, and the app has fewer distinct statements than this.
 */
export const MAX_PREPARED = 200;

/** An answer that did not come whole: `done` is the raw call, whose rejection says why. */
class Unanswered extends Error {
  constructor(readonly done: Promise<void>) {
    super("PGlite gave no complete answer");
  }
}

/** Names unique in the process, so two of these on one client never meet. */
let named = 0;

interface Statement {
  /** The parameters' types, as PostgreSQL inferred them: PGlite's serializers are chosen by them. */
  types: number[];
  /** The prepared statement's name once the text has come a second time; one-off statements (migrations) stay unnamed. */
  name: string | null;
}

/**
 * A `query` for PGlite that costs less per statement (issue 22, docs/performance.md, decision 040).
 * PGlite's own sends six protocol messages, each a call into the WebAssembly module, and has
 * PostgreSQL parse and plan the statement every time. This one sends the messages of a statement in
 * one call, as a client does over a socket, and keeps a statement that comes again prepared under a
 * name, so it is only bound and run. Values are written by PGlite's serializer for each parameter's
 * type and rows read by its parsers, so the answers are those of `query`.
 */
export function pipelinedQuery(client: PGlite, maxPrepared = MAX_PREPARED) {
  const statements = new Map<string, Statement>();

  const write = new WireWriter();
  let answer: Buffer[] = [];
  const collect = (bytes: Uint8Array) => {
    answer.push(Buffer.from(bytes)); // a copy: the bytes are a view of PGlite's memory, which the next statement reuses
  };

  // Synchronous from end to end, so two statements sent at once (a Promise.all inside a transaction)
  // can never interleave, nor one close a statement the other is about to bind.
  /** A raw call that failed after its answer came whole: thrown by the next statement, never dropped. */
  let failedLate: unknown = null;

  const exchange = (): WireMessage[] => {
    const request = write.take(); // taken first, so a failed call leaves nothing for the next one
    // What `query` would say; the raw call would reach a module that is gone.
    if (client.closed) throw new Error("PGlite is closed");
    if (failedLate) {
      const error = failedLate;
      failedLate = null;
      throw error;
    }
    answer = [];
    // The stream variant hands the answer over as it is written, where the plain raw call would
    // also parse it into PGlite's own messages, which nothing reads here. Its work is done when the
    // call returns: without a file-system sync (PGlite's node and memory file systems write
    // through) the promise has nothing left to wait for; its failure is thrown all the same.
    const done = client.execProtocolRawStream(request, { syncToFs: false, onRawData: collect });
    const whole = answer.length === 1 ? (answer[0] as Buffer) : Buffer.concat(answer);
    if (whole[whole.length - 6] !== 0x5a) throw new Unanswered(done);
    done.catch((error: unknown) => {
      failedLate = error;
    });
    return readAnswer(whole);
  };

  const forget = () => {
    const [text, oldest] = statements.entries().next().value as [string, Statement];
    statements.delete(text);
    if (!oldest.name) return;
    write.closeStatement(oldest.name).sync();
    exchange();
  };

  const statementOf = (text: string, withParams: boolean): Statement => {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      if (statement.name === null) {
        const name = `s${++named}`;
        write.parse(name, text).sync();
        exchange();
        statement = { types: statement.types, name };
      }
    } else {
      let types: number[] = [];
      if (withParams) {
        write.parse("", text).describe("S").sync();
        types = parse.parseDescribeStatementResults(asBackend(exchange()));
      }
      statement = { types, name: null };
      if (statements.size >= maxPrepared) forget();
    }
    statements.set(text, statement);
    return statement;
  };

  const run = <T>(text: string, params: unknown[], options?: QueryOptions): Results<T> => {
    const { types, name } = statementOf(text, params.length > 0);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = client.serializers[types[i] as number];
      return serialize ? serialize(param) : String(param);
    });
    if (!name) write.parse("", text);
    write
      .bind(name ?? "", values)
      .describe("P")
      .execute()
      .sync();
    return parse.parseResults(asBackend(exchange()), client.parsers, options)[0] as Results<T>;
  };

  return async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    try {
      return run<T>(text, params, options);
    } catch (error) {
      if (error instanceof Unanswered) await error.done; // the raw call's own failure, thrown as it is
      throw error;
    }
  };
}

/**
 * Drizzle reads these types as text and parses them itself: timestamp, timestamptz, interval, date,
 * and the arrays numeric[], timestamp[], timestamptz[], interval[], date[] (drizzle-orm/pglite).
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
const PROBE = "2026-11-24 10:00:00+00";

/**
 * `options` without Drizzle's parsers when they only read its text types as text, which the client
 * does for every query (`leanQuery`); null when they hold any other parser.
 *
 * Drizzle hands these parsers to every query, and PGlite then copies its whole parser table (over
 * 300 types) into a new object for each query: about 0.1 ms, as much as a short statement itself.
 */
export function withoutTextParsers(options: QueryOptions): QueryOptions | null {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const [oid, parse] of Object.entries(parsers)) {
    if (!DRIZZLE_TEXT_TYPES.includes(Number(oid)) || parse(PROBE) !== PROBE) return null;
  }
  const { parsers: _same, ...rest } = options;
  return rest;
}

/** `pipelinedQuery` on a client that reads Drizzle's text types as text once for all; any other parser is applied as given. */
export function leanQuery(client: PGlite): PgliteSend {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  const send = pipelinedQuery(client);
  return (text, params, options) => send(text, params, withoutTextParsers(options) ?? options);
}
