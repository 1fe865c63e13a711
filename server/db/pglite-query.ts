import { messages, type PGlite, parse, protocol, type Results } from "@electric-sql/pglite";

type QueryOptions = Parameters<PGlite["query"]>[2];

const { serialize } = protocol;

/**
 * Statements kept prepared, least recently used out first. A plan is a few kilobytes of PGlite's
 * WebAssembly memory, which never shrinks, and the app has fewer distinct statements than this.
 */
export const MAX_PREPARED = 200;

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

  // Synchronous from end to end, so two statements sent at once (a Promise.all inside a transaction)
  // can never interleave, nor one close a statement the other is about to bind.
  const exchange = (parts: Uint8Array[]): messages.BackendMessage[] => {
    // What `query` would say; the raw call would reach a module that is gone.
    if (client.closed) throw new Error("PGlite is closed");
    const request = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
    let at = 0;
    for (const part of parts) {
      request.set(part, at);
      at += part.length;
    }
    // No file-system sync to wait for: PGlite's node and memory file systems write through.
    const response = client.execProtocolRawSync(request);
    const received: messages.BackendMessage[] = [];
    new protocol.Parser().parse(response, (message) => received.push(message));
    const error = received.find((message) => message instanceof messages.DatabaseError);
    if (error) throw error;
    return received;
  };

  const forget = () => {
    const [text, oldest] = statements.entries().next().value as [string, Statement];
    statements.delete(text);
    if (oldest.name) exchange([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]);
  };

  const statementOf = (text: string, withParams: boolean): Statement => {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      if (statement.name === null) {
        const name = `s${++named}`;
        exchange([serialize.parse({ name, text }), serialize.sync()]);
        statement = { types: statement.types, name };
      }
    } else {
      const described = withParams
        ? exchange([serialize.parse({ text }), serialize.describe({ type: "S" }), serialize.sync()])
        : [];
      statement = { types: parse.parseDescribeStatementResults(described), name: null };
      if (statements.size >= maxPrepared) forget();
    }
    statements.set(text, statement);
    return statement;
  };

  return async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    const { types, name } = statementOf(text, params.length > 0);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const write = client.serializers[types[i] as number];
      return write ? write(param) : String(param);
    });
    const received = exchange([
      ...(name ? [] : [serialize.parse({ text })]),
      serialize.bind({ statement: name ?? "", values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    return parse.parseResults(received, client.parsers, options)[0] as Results<T>;
  };
}
