import type { AppContext } from '../../context';

export interface SeedReport {
  /** accounts to print at start-up (empty when the database was already seeded) */
  accounts: { userName: string; password: string; description: string }[];
  notes: string[];
}

/**
 * Seeds on the first start only (no users yet): the demo province, or with SEED_DEMO=0 the code
 * tables, menus, roles and one administrator with a generated password printed once. Later starts
 * only add the built-in menus the database lacks (menu-sync.ts).
 */
export async function seed(ctx: AppContext): Promise<SeedReport> {
  const seeded = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (seeded) {
    // seeded by an earlier version: the menus the product gained since join the tree
    const { syncBuiltInMenus } = await import('./menu-sync');
    const { added } = await syncBuiltInMenus(ctx.db);
    return { accounts: [], notes: added.length ? [`新增菜单 ${added.length} 个：${added.slice(0, 10).join('、')}${added.length > 10 ? ' 等' : ''}`] : [] };
  }
  const { seedDemo, seedMinimal } = await import('./seed-data');
  const report = await (ctx.config.seedDemo ? seedDemo(ctx) : seedMinimal(ctx));
  // records the built-in menus offered, so that later starts add only those the product gains
  const { syncBuiltInMenus } = await import('./menu-sync');
  await syncBuiltInMenus(ctx.db);
  return report;
}
