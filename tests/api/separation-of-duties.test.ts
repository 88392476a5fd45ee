import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { listDecisions } from '../../src/server/workflow/own-case';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('x', () => {
  it('lists', () => {
    console.log(JSON.stringify(listDecisions(), null, 1));
  });
});
