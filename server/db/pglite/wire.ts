import { messages, protocol } from "@electric-sql/pglite";

/**
 * The few PostgreSQL protocol messages `pipelinedQuery` exchanges with PGlite, written and read
 * here rather than by PGlite's bundled pg-protocol (decision 041). That one keeps every field
 * private behind a WeakMap and reads a string's end one byte at a time through it; a statement's
 * messages cost as much to write and read as PostgreSQL took to run a short statement.
 *
 * Rows come back as the plain message shapes PGlite's `parse.parseResults` reads, so results stay
 * PGlite's. An answer with an error is read again by PGlite's own parser, whose `DatabaseError`
 * carries every field (code, constraint, detail …).
 */

/** A parameter as bound: its text (PGlite's serializers write every type as text), or SQL NULL. */
export type WireValue = string | null;

const FIRST_BYTES = 8192;
const KEPT_BYTES = 1 << 20;

/** Frontend messages, written one after another into one buffer reused for every request. */
export class WireWriter {
  private buffer = Buffer.allocUnsafe(FIRST_BYTES);
  private at = 0;
  private start = 0;

  private room(bytes: number) {
    if (this.at + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(bigger, 0, 0, this.at);
    this.buffer = bigger;
  }
  private open(code: string) {
    this.byte(code);
    this.start = this.at;
    this.room(4);
    this.at += 4;
  }
  /** Writes the message's length, now that its end is known. */
  private end() {
    this.buffer.writeInt32BE(this.at - this.start, this.start);
    return this;
  }
  private byte(letter: string) {
    this.room(1);
    this.buffer[this.at++] = letter.charCodeAt(0);
  }
  private int16(n: number) {
    this.room(2);
    this.at = this.buffer.writeInt16BE(n, this.at);
  }
  private int32(n: number) {
    this.room(4);
    this.at = this.buffer.writeInt32BE(n, this.at);
  }
  private cstring(text: string) {
    this.room(Buffer.byteLength(text) + 1);
    this.at += this.buffer.write(text, this.at);
    this.buffer[this.at++] = 0;
  }

  parse(name: string, text: string) {
    this.open("P");
    this.cstring(name);
    this.cstring(text);
    this.int16(0); // parameter types: PostgreSQL infers them
    return this.end();
  }
  /** Describe a prepared statement ("S") or the unnamed portal ("P"). */
  describe(kind: "S" | "P", name = "") {
    this.open("D");
    this.byte(kind);
    this.cstring(name);
    return this.end();
  }
  /** Bind `values` to the statement in the unnamed portal; every column comes back as text. */
  bind(statement: string, values: readonly WireValue[]) {
    this.open("B");
    this.cstring("");
    this.cstring(statement);
    this.int16(0); // parameter formats: all text
    this.int16(values.length);
    for (const value of values) {
      if (value === null) {
        this.int32(-1);
      } else {
        const bytes = Buffer.byteLength(value);
        this.int32(bytes);
        this.room(bytes);
        this.at += this.buffer.write(value, this.at);
      }
    }
    this.int16(0); // result formats: all text
    return this.end();
  }
  execute() {
    this.open("E");
    this.cstring("");
    this.int32(0); // every row
    return this.end();
  }
  closeStatement(name: string) {
    this.open("C");
    this.byte("S");
    this.cstring(name);
    return this.end();
  }
  sync() {
    this.open("S");
    return this.end();
  }
  /**
   * The messages written so far, and a fresh start. A view of the reused buffer: the caller hands
   * it to PGlite, which reads it before returning, and writes nothing more meanwhile.
   */
  take(): Uint8Array {
    const written = this.buffer.subarray(0, this.at);
    this.at = 0;
    // A bulk statement's megabytes are not kept for the small ones after it.
    if (this.buffer.length > KEPT_BYTES) this.buffer = Buffer.allocUnsafe(FIRST_BYTES);
    return written;
  }
}

/** What `parse.parseResults` and `parse.parseDescribeStatementResults` read of the backend's messages. */
export type WireMessage =
  | { name: "rowDescription"; fields: { name: string; dataTypeID: number }[] }
  | { name: "dataRow"; fields: (string | null)[] }
  | { name: "commandComplete"; text: string }
  | { name: "parameterDescription"; dataTypeIDs: number[] };

/**
 * The backend's answer as messages; an error answer throws PGlite's `DatabaseError`. Messages that
 * change no result (parse, bind and close complete, no data, notices, ready for query) are skipped.
 */
export function readAnswer(buffer: Buffer): WireMessage[] {
  const read: WireMessage[] = [];
  let at = 0;
  const cstring = () => {
    const end = buffer.indexOf(0, at);
    const text = buffer.toString("utf8", at, end);
    at = end + 1;
    return text;
  };
  while (at + 5 <= buffer.length) {
    const code = buffer[at] as number;
    const end = at + 1 + buffer.readInt32BE(at + 1);
    at += 5;
    switch (code) {
      case 0x54: {
        // T: row description
        const count = buffer.readInt16BE(at);
        at += 2;
        const fields = new Array<{ name: string; dataTypeID: number }>(count);
        for (let i = 0; i < count; i++) {
          const name = cstring();
          fields[i] = { name, dataTypeID: buffer.readInt32BE(at + 6) };
          at += 18; // table, column, type, size, modifier, format
        }
        read.push({ name: "rowDescription", fields });
        break;
      }
      case 0x44: {
        // D: data row
        const count = buffer.readInt16BE(at);
        at += 2;
        const fields = new Array<string | null>(count);
        for (let i = 0; i < count; i++) {
          const length = buffer.readInt32BE(at);
          at += 4;
          if (length < 0) {
            fields[i] = null;
          } else {
            fields[i] = buffer.toString("utf8", at, at + length);
            at += length;
          }
        }
        read.push({ name: "dataRow", fields });
        break;
      }
      case 0x43: // C: command complete
        read.push({ name: "commandComplete", text: cstring() });
        break;
      case 0x74: {
        // t: parameter description
        const count = buffer.readInt16BE(at);
        const dataTypeIDs = new Array<number>(count);
        for (let i = 0; i < count; i++) dataTypeIDs[i] = buffer.readInt32BE(at + 2 + i * 4);
        read.push({ name: "parameterDescription", dataTypeIDs });
        break;
      }
      case 0x45: // E: error
        throw databaseError(buffer);
    }
    at = end;
  }
  return read;
}

/** The error of an answer, as PGlite's parser reads it (every field of the error response). */
function databaseError(answer: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(answer, (message) => {
    if (!error && message instanceof messages.DatabaseError) error = message;
  });
  return error ?? new Error("PGlite answered with an unreadable error");
}
