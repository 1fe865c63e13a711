import { text } from "drizzle-orm/pg-core";

/**
 * Multi-language text: the Japanese column plus `_en`, `_tw`, `_kr` variants
 * (spec §3). Variants are nullable and fall back to Japanese when empty.
 */
const mlBase = () => text().notNull().default("");
const mlVariant = () => text();
type MultiLang<K extends string> = Record<K, ReturnType<typeof mlBase>> &
  Record<`${K}${"En" | "Tw" | "Kr"}`, ReturnType<typeof mlVariant>>;
export function ml<K extends string>(key: K): MultiLang<K> {
  return {
    [key]: mlBase(),
    [`${key}En`]: mlVariant(),
    [`${key}Tw`]: mlVariant(),
    [`${key}Kr`]: mlVariant(),
  } as MultiLang<K>;
}
