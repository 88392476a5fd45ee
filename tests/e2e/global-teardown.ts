import { rmSync } from 'node:fs';

/** Removes the temporary DATA_DIR of the run (the server itself is stopped by Playwright). */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('dj-e2e-')) rmSync(dir, { recursive: true, force: true });
}
