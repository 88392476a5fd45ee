import { randomUUID } from 'node:crypto';
import type { Call } from '../http/actions';

/**
 * The progress and result of one import, kept in `import_runs` (migration 040) so that whichever
 * API process the client's poll reaches can answer it. Keyed by the importer and a key the client
 * chose before posting the file (one importer cannot read another's runs); a run is kept a week.
 */
export const RUN_KEY = { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$', title: '导入进度标识' } as const;
const KEEP_DAYS = 7;

export interface RefusedRow {
  line: number;
  cells: string[];
  messages: string[];
}

export interface ImportSummary {
  /** the key of the run: its progress and its refused rows as a workbook */
  progressKey: string;
  totalCount: number;
  importedCount: number;
  refusedCount: number;
  /** each refused row by its line in the sheet, with every reason */
  refused: { line: number; messages: string[] }[];
}

export class ImportRun {
  private constructor(
    private readonly call: Call<unknown>,
    readonly key: string,
    readonly total: number,
  ) {}

  /** Starts a run (replacing an earlier one of the same key) and forgets runs older than a week. */
  static async start(call: Call<unknown>, key: string | undefined, title: string, header: string[], total: number) {
    const run = new ImportRun(call, key || randomUUID(), total);
    const db = call.ctx.db;
    await db.deleteFrom('importRuns').where('creationTime', '<', new Date(call.ctx.now().getTime() - KEEP_DAYS * 86_400_000)).execute();
    await db.deleteFrom('importRuns').where('userId', '=', call.user.userId).where('key', '=', run.key).execute();
    await db.insertInto('importRuns').values({ userId: call.user.userId, key: run.key, title, header: JSON.stringify(header), total, creationTime: call.ctx.now() }).execute();
    return run;
  }

  /** Rows done so far (added or refused). */
  async step(done: number, added: number, refused: number) {
    await this.call.ctx.db.updateTable('importRuns').set({ done, added, refused }).where('userId', '=', this.call.user.userId).where('key', '=', this.key).execute();
  }

  async finish(added: number, refused: RefusedRow[]): Promise<ImportSummary> {
    await this.call.ctx.db
      .updateTable('importRuns')
      .set({ done: this.total, added, refused: refused.length, refusedRows: JSON.stringify(refused), finished: true })
      .where('userId', '=', this.call.user.userId)
      .where('key', '=', this.key)
      .execute();
    return {
      progressKey: this.key,
      totalCount: this.total,
      importedCount: added,
      refusedCount: refused.length,
      refused: refused.map((r) => ({ line: r.line, messages: r.messages })),
    };
  }
}

/** The caller's run of a key (another importer's answers as none). */
export async function readRun(call: Call<unknown>, key: string) {
  return call.ctx.db
    .selectFrom('importRuns')
    .select(['title', 'header', 'total', 'done', 'added', 'refused', 'refusedRows', 'finished'])
    .where('userId', '=', call.user.userId)
    .where('key', '=', key)
    .executeTakeFirst();
}
