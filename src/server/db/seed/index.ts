import type { AppContext } from '../../context';

export interface SeedReport {
  /** accounts to print at start-up (empty when the database was already seeded) */
  accounts: { userName: string; password: string; description: string }[];
  notes: string[];
}

/**
 * Seeds on the first start only (no users yet): the demo province, or with SEED_DEMO=0 the code
 * tables, menus, roles and one administrator with a generated password printed once.
 */
export async function seed(ctx: AppContext): Promise<SeedReport> {
  const any = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return { accounts: [], notes: [] };
  const { seedDemo, seedMinimal } = await import('./seed-data');
  return ctx.config.seedDemo ? seedDemo(ctx) : seedMinimal(ctx);
}
