/** The configuration folders as the server loads them: every file parsed, variants resolved. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { resolveVariants } from '../../../src/contract/config-variants';

export const readConfigDir = (dir: 'screens' | 'schemas') =>
  resolveVariants(
    readdirSync(join(process.cwd(), dir))
      .filter((f) => f.endsWith('.json'))
      .map((f) => ({ file: `${dir}/${f}`, json: JSON.parse(readFileSync(join(process.cwd(), dir, f), 'utf8')) })),
    dir === 'screens' ? 'tag' : 'name',
  ) as { file: string; json: any }[];
