import { describe, expect, it } from "vitest";
import { particleFor, withParticle } from "./korean-particle";

describe("Korean particles after a run-time name", () => {
  it("follow the last syllable of site and store names, with and without a final consonant", () => {
    // No final consonant: 를, 가, 는, 와, 로.
    expect(withParticle("사쿠라 렌터카 오키나와", "을")).toBe("사쿠라 렌터카 오키나와를");
    expect(withParticle("사쿠라 렌터카 오키나와", "으로")).toBe("사쿠라 렌터카 오키나와로");
    expect(withParticle("사쿠라 렌터카", "이")).toBe("사쿠라 렌터카가");
    expect(withParticle("이시가키 섬", "은")).toBe("이시가키 섬은");
    expect(withParticle("하나 렌터카", "과")).toBe("하나 렌터카와");
    // A final consonant (ㅁ): 을, 이, 은, 과, 으로.
    expect(withParticle("나하공항점", "을")).toBe("나하공항점을");
    expect(withParticle("나하공항점", "으로")).toBe("나하공항점으로");
    expect(withParticle("나하 공항점", "이")).toBe("나하 공항점이");
    expect(withParticle("나하 공항점", "은")).toBe("나하 공항점은");
    expect(withParticle("나하 공항점", "과")).toBe("나하 공항점과");
    // ㄹ takes 로, and 을/이/은 like any other consonant.
    expect(withParticle("서울", "으로")).toBe("서울로");
    expect(withParticle("서울", "을")).toBe("서울을");
    expect(withParticle("제주 호텔", "으로")).toBe("제주 호텔로");
  });

  it("reads digits as Sino-Korean numbers", () => {
    expect(particleFor("1", "은")).toBe("은"); // 일
    expect(particleFor("2", "은")).toBe("는"); // 이
    expect(particleFor("3", "으로")).toBe("으로"); // 삼
    expect(particleFor("7", "으로")).toBe("로"); // 칠
    expect(particleFor("4", "을")).toBe("를"); // 사
    expect(particleFor("10", "으로")).toBe("으로"); // 십
    expect(particleFor("¥12,000", "을")).toBe("을"); // 천
    expect(withParticle("나하 제2점", "으로")).toBe("나하 제2점으로");
    expect(withParticle("렌터카 9", "이")).toBe("렌터카 9가");
  });

  it("looks past an aside in brackets, and past quotes and stops", () => {
    expect(withParticle("나하공항점(전화 +81 98-000-8301)", "으로")).toBe("나하공항점(전화 +81 98-000-8301)으로");
    expect(withParticle("사쿠라 렌터카(오키나와)", "을")).toBe("사쿠라 렌터카(오키나와)를");
    expect(withParticle("“나하점”", "은")).toBe("“나하점”은");
    // Nothing but an aside: the last thing read decides.
    expect(withParticle("(주)", "이")).toBe("(주)가");
  });

  it("reads Latin letters and kana by a rule of thumb, never leaving both forms", () => {
    expect(withParticle("Sakura Rent-a-Car", "을")).toBe("Sakura Rent-a-Car를");
    expect(withParticle("Naha Airport", "으로")).toBe("Naha Airport로");
    expect(withParticle("Grand Hotel", "으로")).toBe("Grand Hotel로");
    expect(withParticle("Naha Station", "이")).toBe("Naha Station이");
    expect(withParticle("さくらレンタカー", "을")).toBe("さくらレンタカー를");
    expect(withParticle("ホテルオーシャン", "은")).toBe("ホテルオーシャン은");
    expect(withParticle("那覇空港店", "을")).toMatch(/^那覇空港店[을를]$/);
  });
});
