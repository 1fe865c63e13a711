import { describe, expect, it } from "vitest";
import { foldForSearch, memberSearchText, reservationSearchText, searchQuery } from "./search-text";

/** Whether a query finds a row whose search column is `column`, as the SQL condition decides. */
function finds(column: string, q: string): boolean {
  const query = searchQuery(q);
  if (!query) return false;
  return (
    column.includes(query.folded) ||
    (query.digits !== null && column.includes(query.digits)) ||
    (query.kana !== null && column.includes(query.kana))
  );
}

const hanako = memberSearchText({
  name: "山田 花子",
  kana: "ヤマダ ハナコ",
  email: "Hanako.Yamada@example.jp",
  tel: "+81 90-1234-5678",
});

describe("foldForSearch", () => {
  it("folds hiragana, half-width kana, full-width letters, case and spaces", () => {
    expect(foldForSearch("やまだ はなこ")).toBe("ヤマダハナコ");
    expect(foldForSearch("ﾔﾏﾀﾞ ﾊﾅｺ")).toBe("ヤマダハナコ");
    expect(foldForSearch("Ｙａｍａｄａ　Ｈａｎａｋｏ")).toBe("yamadahanako");
    expect(foldForSearch("山田　花子")).toBe("山田花子");
    expect(foldForSearch("ゔぁいおりん")).toBe("ヴァイオリン");
  });

  it("leaves Latin letters Latin (no romaji turned into kana)", () => {
    expect(foldForSearch("Yamada")).toBe("yamada");
    expect(foldForSearch("261127-AB2C")).toBe("261127-ab2c");
  });
});

describe("a member is found however the name is typed", () => {
  it.each([
    "山田花子",
    "山田 花子",
    "山田",
    "やまだ",
    "ヤマダ",
    "ﾔﾏﾀﾞ",
    "ﾔﾏﾀﾞ ﾊﾅｺ",
    "ヤマダハナコ",
    "ヤマダ　ハナコ",
    "やまだはなこ",
    "hanako.yamada@EXAMPLE.jp",
    "ｈａｎａｋｏ",
    "yamada",
    "Yamada Hanako",
  ])("%s", (q) => {
    expect(finds(hanako, q)).toBe(true);
  });

  it.each(["090-1234-5678", "09012345678", "+81 90 1234 5678", "819012345678", "１２３４５６７８", "5678"])(
    "phone %s",
    (q) => {
      expect(finds(hanako, q)).toBe(true);
    },
  );

  it("reads romaji as kana only when all of it is kana", () => {
    expect(searchQuery("yamada hanako")?.kana).toBe("ヤマダハナコ");
    expect(searchQuery("smith")?.kana).toBeNull();
    expect(searchQuery("261127-ab2c")?.kana).toBeNull();
  });

  it("does not find another name or number", () => {
    expect(finds(hanako, "すずき")).toBe(false);
    expect(finds(hanako, "suzuki")).toBe(false);
    expect(finds(hanako, "090-9999-0000")).toBe(false);
    expect(finds(hanako, "9876")).toBe(false);
  });

  it("never matches across two fields", () => {
    // The name ends in 花子 and the reading starts with ヤマダ: 花子ヤマダ is in neither.
    expect(finds(hanako, "花子ヤマダ")).toBe(false);
  });
});

describe("a reservation is found by its number, borrower and driver", () => {
  const column = reservationSearchText(
    "261127-AB2C",
    { name: "山田 花子", kana: "やまだ はなこ", tel: "090-1234-5678", email: "h@example.jp" },
    { name: "Taro Suzuki", kana: "スズキ タロウ" },
  );

  it.each([
    "261127-ab2c",
    "261127-AB2C",
    "ヤマダハナコ",
    "ﾔﾏﾀﾞ",
    "山田花子",
    "TARO",
    "すずき",
    "09012345678",
    "h@example.jp",
  ])("%s", (q) => {
    expect(finds(column, q)).toBe(true);
  });

  it("an empty query finds nothing by itself", () => {
    expect(searchQuery("  ")).toBeNull();
  });

  it("a booking without a borrower is found by its number", () => {
    expect(finds(reservationSearchText("SK-2026-000001", null), "sk-2026")).toBe(true);
  });
});
