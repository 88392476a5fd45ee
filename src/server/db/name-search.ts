import { sql, type RawBuilder } from 'kysely';

/** The pairs of characters of a searched text (its one character when it has only one): what a name holding it holds too. */
export function searchGrams(text: string): string[] {
  const chars = [...text];
  if (chars.length < 2) return chars;
  return [...new Set(chars.slice(1).map((c, i) => chars[i] + c))];
}

/**
 * A name contains `text` literally — a member's (party_members.name) or an organisation's
 * (organizations.organ_name), the columns with a GIN index of `name_grams` (migration 043): the
 * character pairs are asked of the index first, which answers a rare or absent name from a few
 * index entries instead of walking the subtree in list order; the LIKE keeps the answer exact (the
 * pairs may lie apart in a name).
 */
export function nameContains(column: 'm.name' | 'o.organName', text: string): RawBuilder<boolean> {
  const t = text.trim();
  const pattern = `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`(name_grams(${sql.ref(column)}) @> ${sql.val(searchGrams(t))}::text[] and ${sql.ref(column)} like ${pattern})`;
}
