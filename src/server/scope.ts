/**
 * Organisation subtree rules. organPath is '/1/5/23/': an organisation lies in a manager's subtree
 * exactly when its path starts with the manager's path.
 */
export const isInSubtree = (organPath: string, scopePath: string) => scopePath.length > 0 && organPath.startsWith(scopePath);

/** The LIKE pattern of a subtree; paths hold only digits and slashes, so nothing needs escaping. */
export const subtreePattern = (scopePath: string) => `${scopePath}%`;

export const childPath = (parentPath: string, id: number) => `${parentPath}${id}/`;
