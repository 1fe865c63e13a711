import { describe, expect, it } from "vitest";
import { decodeCsv, parseCsv, toCsv } from "./csv";

/** "店舗名,電話\r\n那覇店,098" in Shift_JIS, as Excel in Japan saves it. */
const SJIS = Uint8Array.from([
  0x93, 0x58, 0x95, 0xdc, 0x96, 0xbc, 0x2c, 0x93, 0x64, 0x98, 0x62, 0x0d, 0x0a, 0x93, 0xdf, 0x94, 0x65, 0x93, 0x58,
  0x2c, 0x30, 0x39, 0x38,
]);

describe("CSV files from Excel", () => {
  it("reads Shift_JIS, UTF-8 with a byte-order mark and plain UTF-8 alike", () => {
    expect(decodeCsv(SJIS)).toEqual({ text: "店舗名,電話\r\n那覇店,098", encoding: "shift_jis" });
    const utf8 = new TextEncoder().encode("店舗名,電話\n那覇店,098");
    expect(decodeCsv(utf8)).toEqual({ text: "店舗名,電話\n那覇店,098", encoding: "utf-8" });
    expect(decodeCsv(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8])).text).toBe("店舗名,電話\n那覇店,098");
  });

  it("keeps quoted commas, quotes and line breaks in their cell and drops blank lines", () => {
    const table = parseCsv(' name , note \r\n"A, B","say ""hi""\nthere"\r\n\r\nC,\r\n');
    expect(table.headers).toEqual(["name", "note"]);
    expect(table.rows).toEqual([
      ["A, B", 'say "hi"\nthere'],
      ["C", ""],
    ]);
  });

  it("writes what it reads, with a byte-order mark for Excel", () => {
    const csv = toCsv([
      ["店舗名", "備考"],
      ["那覇, 空港", 'a "b"'],
    ]);
    expect(csv.startsWith("\ufeff")).toBe(true);
    expect(parseCsv(csv.slice(1)).rows).toEqual([["那覇, 空港", 'a "b"']]);
  });

  it("ends lines with CRLF, keeps numbers, and keeps a spreadsheet from running a typed cell as a formula", () => {
    const csv = toCsv([['=HYPERLINK("x")', "+81 90", "@sum", "山田\n花子", -3, null]]);
    expect(csv.slice(1)).toBe(`"'=HYPERLINK(""x"")","'+81 90","'@sum","山田\n花子",-3,\r\n`);
  });
});
