/**
 * Bespoke pages: menu tags rendered by code instead of a screen schema. Every seeded menu tag
 * resolves to a screen (screens/*.json) or to an entry here — a unit test checks it — so nothing is
 * left to a silent placeholder. A page whose service comes later is a screen too, of kind
 * `construction`, saying what it waits for.
 *
 * - GROUP_TAGS: top menus; their page lists the submenus of the role.
 */
export const GROUP_TAGS = ['branchSpace', 'education', 'manager', 'message', 'service', 'setting', 'bigScreen'];

/** A tag rendered by a bespoke page (a top menu's own page; never a child route). */
export const isBespoke = (tag: string, sub?: string) => !sub && GROUP_TAGS.includes(tag);
