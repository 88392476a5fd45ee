import { describe, expect, it } from 'vitest';
import { ConfigError, type EntityFile } from '../../src/server/records/entities';
import { buildConfiguredServices } from '../../src/server/records/configured-services';

/** Nobody decides his own case: a configured workflow an administrator acts in must say whose case a record is. */
describe('the configuration check', () => {
  it('refuses a workflow an administrator acts in without a declared case', () => {
    const entity = {
      file: 'schemas/x.json', name: 'x', title: 'X',
      schema: { type: 'object', properties: { title: { title: '标题', type: 'string' } } },
      service: {
        name: 'XService', permission: 'Pages.X',
        workflow: { statuses: 'audit', initial: 0, transitions: { audit: { title: '审核', from: [0], approve: 1, reject: 2, actor: 'subtree' } } },
        actions: { Audit: { method: 'POST', op: 'audit' } },
      },
    } as unknown as EntityFile;
    expect(() => buildConfiguredServices([entity])).toThrow(ConfigError);
    expect(() => buildConfiguredServices([entity])).toThrow(/caseOf/);
    const declared = { ...entity, service: { ...entity.service!, caseOf: { user: 'owner', noun: '申请' } } } as EntityFile;
    expect(() => buildConfiguredServices([declared])).not.toThrow();
  });

  it('refuses a case field the schema does not define; a workflow only the owner acts in needs none', () => {
    const base = {
      file: 'schemas/y.json', name: 'y', title: 'Y',
      schema: { type: 'object', properties: { title: { title: '标题', type: 'string' } } },
      service: {
        name: 'YService', permission: 'Pages.Y',
        workflow: { statuses: 'audit', initial: 0, transitions: { audit: { title: '审核', from: [0], approve: 1, reject: 2, actor: 'subtree' } } },
        caseOf: { user: { field: 'userId' }, noun: '申请' },
        actions: { Audit: { method: 'POST', op: 'audit' } },
      },
    } as unknown as EntityFile;
    expect(() => buildConfiguredServices([base])).toThrow(/userId/);
    const ownerOnly = { ...base, service: { ...base.service!, caseOf: undefined, workflow: { statuses: 'audit', initial: 0, transitions: { withdraw: { title: '撤回', from: [0], to: 2, actor: 'owner' } } }, actions: { Withdraw: { method: 'POST', op: 'transition' } } } } as unknown as EntityFile;
    expect(() => buildConfiguredServices([ownerOnly])).not.toThrow();
  });
});
