/** Small query helpers shared by the settings services. */

/** An ILIKE pattern matching text that contains `keyword` literally (% and _ escaped). */
export const containsPattern = (keyword: string) => `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A keyword worth filtering on, or null for empty or blank input. */
export const keywordOf = (value: unknown): string | null => {
  const s = typeof value === 'string' ? value.trim() : '';
  return s ? s : null;
};

export const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
