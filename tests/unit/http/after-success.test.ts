/**
 * Call.afterSuccess: work that must not happen for a rolled-back write (an SMS with an initial
 * password) runs only once the handler has succeeded, in order, and a failing one neither fails
 * the answer nor stops the rest.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { action, defineService, registerService } from '../../../src/server/http/actions';
import type { AppContext } from '../../../src/server/context';

async function appWith(handler: Parameters<typeof action>[0]['handler']) {
  const app = Fastify();
  app.decorateRequest('currentUser', null);
  registerService(app, {} as AppContext, defineService('ProbeService', { Probe: action({ method: 'POST', summary: '测试', access: 'public', handler }) }));
  await app.ready();
  return app;
}

describe('afterSuccess', () => {
  it('runs after a successful handler, in order, past a failing one', async () => {
    const done: string[] = [];
    const app = await appWith(async (call) => {
      call.afterSuccess(() => done.push('sms'));
      call.afterSuccess(() => {
        throw new Error('gateway down');
      });
      call.afterSuccess(async () => done.push('notice'));
      done.push('write');
      return 1;
    });
    const r = await app.inject({ method: 'POST', url: '/api/services/app/ProbeService/Probe', payload: {} });
    expect(r.statusCode).toBe(200);
    expect(done).toEqual(['write', 'sms', 'notice']);
    await app.close();
  });

  it('never runs when the handler fails (the write was rolled back)', async () => {
    const done: string[] = [];
    const app = await appWith(async (call) => {
      call.afterSuccess(() => done.push('sms'));
      throw new Error('rolled back');
    });
    const r = await app.inject({ method: 'POST', url: '/api/services/app/ProbeService/Probe', payload: {} });
    expect(r.statusCode).toBe(500);
    expect(done).toEqual([]);
    await app.close();
  });
});
