/** axe-core (the pinned devDependency) in the page: serious and critical violations, rule by rule. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe into the page as the test's own tool, through the DevTools protocol: the server's CSP forbids
 * inline scripts (docs/SECURITY.md §18), and the page under test keeps that CSP.
 */
async function injectAxe(page: Page) {
  if (await page.evaluate(() => 'axe' in window)) return;
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Runtime.evaluate', { expression: AXE_SOURCE });
  } finally {
    await cdp.detach();
  }
}

export interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's own account of the first element (colours and ratio for contrast) */
  summary?: string;
}

/**
 * Runs axe on the page as it is (wait for the content first) and returns the serious and critical
 * violations, each with its rule id and the selectors of its elements, ready for a readable failure.
 */
export async function seriousViolations(page: Page, opts: { exclude?: string[] } = {}): Promise<Finding[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async (exclude) => {
    const axe = (window as any).axe;
    const result = await axe.run(exclude.length ? { exclude: exclude.map((s: string) => [s]) } : document, { resultTypes: ['violations'] });
    return result.violations as { id: string; impact: string; help: string; nodes: { target: string[]; html: string; failureSummary?: string }[] }[];
  }, opts.exclude ?? []);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')), summary: `${v.nodes[0]?.html ?? ''} ${v.nodes[0]?.failureSummary ?? ''}`.trim() }));
}

/** One line per rule: `color-contrast (serious, 7): .a, .b …` — the message of a failed expectation. */
export const describeFindings = (found: Finding[]) =>
  found.map((f) => `${f.id} (${f.impact}, ${f.targets.length}) ${f.help}: ${f.targets.slice(0, 12).join(' | ')}${f.summary ? `\n  ${f.summary}` : ''}`).join('\n');
