import { sql, type RawBuilder } from 'kysely';

/** The pairs of characters of a searched text (its one character when it has only one): what a name holding it holds too. */
export function searchGrams(text: string): string[] {
  const chars = [...text];
  if (chars.length < 2) return chars;
  return [...new Set(chars.slice(1).map((c, i) => chars[i] + c))];
}

/**
 * A member's name (party_members.name) contains `text` literally: the character pairs are asked of
 * the GIN index `ix_party_members_name_grams` (migration 043) first, which answers a rare or absent
 * name from a few index entries instead of walking the subtree's members; the LIKE keeps the
 * answer exact (the pairs may lie apart in a name).
 */
export function memberNameContains(column: string, text: string): RawBuilder<boolean> {
  const t = text.trim();
  const pattern = `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`(member_name_grams(${sql.ref(column)}) @> ${sql.val(searchGrams(t))}::text[] and ${sql.ref(column)} like ${pattern})`;
}
