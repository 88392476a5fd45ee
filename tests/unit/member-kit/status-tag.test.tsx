/** One list of status labels (src/contract/status-labels.json) for the kit's StatusTag and the engine. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import LABELS from '../../../src/contract/status-labels.json';
import { StatusTag, statusOf } from '../../../src/client/member/kit';
import { Value, resolveColumn } from '../../../src/client/engine/fields';

afterEach(cleanup);

describe('StatusTag', () => {
  it('shows the label and colour of the list', () => {
    const { container } = render(<StatusTag list="audit" value={0} />);
    const tag = container.querySelector('.ant-tag')!;
    expect(tag.textContent).toBe('待审核');
    expect(tag.className).toContain('ant-tag-orange');
    expect(render(<StatusTag list="difficultyApply" value="4" />).container.textContent).toContain('已撤回');
  });

  it('an unknown code shows as it is, an empty one as -', () => {
    expect(render(<StatusTag list="audit" value={9} />).container.textContent).toBe('9');
    expect(render(<StatusTag list="audit" value={null} />).container.textContent).toBe('-');
    expect(statusOf('nosuchlist', 1)).toBeUndefined();
  });

  it('the engine renders auditStatus and status columns from the same list', () => {
    const audit = render(<Value col={resolveColumn('auditStatus')} record={{ auditStatus: 2 }} />);
    expect(audit.container.textContent).toBe(LABELS.audit['2'].label);
    const status = render(<Value col={{ field: 'state', valueType: 'status', statusList: 'signIn' }} record={{ state: 1 }} />);
    expect(status.container.textContent).toBe(LABELS.signIn['1'].label);
  });
});
