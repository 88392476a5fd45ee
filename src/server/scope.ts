import { sql } from 'kysely';

/**
 * Organisation subtree rules. organPath is '/1/5/23/': an organisation lies in a manager's subtree
 * exactly when its path starts with the manager's path.
 */
export const isInSubtree = (organPath: string, scopePath: string) => scopePath.length > 0 && organPath.startsWith(scopePath);

/** The LIKE pattern of a subtree; paths hold only digits and slashes, so nothing needs escaping. */
export const subtreePattern = (scopePath: string) => `${scopePath}%`;

/**
 * A subtree as a range of the path in byte order (COLLATE "C"): every path under '/1/5/' lies in
 * ['/1/5/', '/1/50') ('0' follows '/'). An index on (organ_path COLLATE "C", id) serves both the
 * range and `subtreeOrder`, so a first page reads its rows in order instead of sorting the subtree
 * (migration 013; a LIKE prefix in the database's collation can filter but not order).
 */
export const subtreeRange = (column: string, scopePath: string) =>
  sql<boolean>`(${sql.ref(column)} collate "C" >= ${scopePath} and ${sql.ref(column)} collate "C" < ${`${scopePath.slice(0, -1)}0`})`;
export const subtreeOrder = (column: string) => sql`${sql.ref(column)} collate "C"`;

export const childPath = (parentPath: string, id: number) => `${parentPath}${id}/`;
