/**
 * Korean particles after a name that is only known at run time (a site, a store, a number): the
 * form depends on whether the word's last sound ends in a consonant (batchim), and 으로/로 on
 * whether that consonant is ㄹ. Catalogues write `{store:으로}`; `translateKey` fills it here, so
 * no mail or page shows a placeholder such as "을(를)". Pure and client-safe.
 */

/** The particles a catalogue may ask for, each by its form after a consonant. */
export const KOREAN_PARTICLES = {
  을: ["을", "를"],
  이: ["이", "가"],
  은: ["은", "는"],
  과: ["과", "와"],
  으로: ["으로", "로"],
} as const;
export type KoreanParticle = keyof typeof KOREAN_PARTICLES;

export const isKoreanParticle = (name: string): name is KoreanParticle => name in KOREAN_PARTICLES;

/** How a word ends when read aloud: no final consonant, ㄹ, or another one. */
type Ending = "vowel" | "rieul" | "consonant";

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const RIEUL = 8;

// Digits read in Sino-Korean: 영 일 이 삼 사 오 육 칠 팔 구.
const DIGIT_ENDING: Record<string, Ending> = {
  "0": "consonant",
  "1": "rieul",
  "2": "vowel",
  "3": "consonant",
  "4": "vowel",
  "5": "vowel",
  "6": "consonant",
  "7": "rieul",
  "8": "rieul",
  "9": "vowel",
};

/** Brackets and what they hold are an aside: "나하공항점(전화 …)" takes the particle of 나하공항점. */
const TRAILING_ASIDE = /\s*(?:\([^()]*\)|（[^（）]*）|\[[^[\]]*\])\s*$/;
/** Marks after a word that are not read: quotes, stops, spaces. */
const TRAILING_MARKS = /[\s"'”’」』》〉.,!?。、・·…\-–—]+$/u;

function endingOf(word: string): Ending {
  let text = word.normalize("NFC");
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(TRAILING_MARKS, "").replace(TRAILING_ASIDE, "");
  }
  const last = text.at(-1) ?? "";
  const code = last.codePointAt(0) ?? 0;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const final = (code - HANGUL_FIRST) % 28;
    return final === 0 ? "vowel" : final === RIEUL ? "rieul" : "consonant";
  }
  if (/[0-9]/.test(last)) {
    // 10 십, 100 백, 1000 천, 10000 만: a round number ends in a consonant, never ㄹ.
    if (last === "0" && /[1-9]0+$/.test(text)) return "consonant";
    return DIGIT_ENDING[last] ?? "vowel";
  }
  // Latin letters, as an English word ends when read in Korean: -l is ㄹ (Hotel 호텔), -m, -n and
  // -ng another consonant (Station 스테이션); the rest a vowel (Mart 마트, Park 파크, Car 카).
  if (/[a-z]/i.test(last)) {
    if (/l$/i.test(text)) return "rieul";
    if (/(?:m|n|ng)$/i.test(text)) return "consonant";
    return "vowel";
  }
  // A Japanese name read in Korean: ん ends in a consonant, any other kana in a vowel.
  if (/[んン]/.test(last)) return "consonant";
  return "vowel";
}

/** The particle's form after `word`: 을/를, 이/가, 은/는, 과/와, 으로/로 (로 after ㄹ). */
export function particleFor(word: string, particle: KoreanParticle): string {
  const [afterConsonant, afterVowel] = KOREAN_PARTICLES[particle];
  const ending = endingOf(word);
  if (particle === "으로") return ending === "consonant" ? afterConsonant : afterVowel;
  return ending === "vowel" ? afterVowel : afterConsonant;
}

/** The word with its particle: `withParticle("나하공항점", "으로")` → "나하공항점으로". */
export const withParticle = (word: string, particle: KoreanParticle): string => `${word}${particleFor(word, particle)}`;
