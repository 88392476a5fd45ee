/** Resource cards (services §2, §3): info page by resourceType, 请返回flvUrl字段, 数据被篡改, percent with two decimals. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResourceCard, resourceTarget } from '../../../src/client/member/study/resource-card';
import { fmtHours, fmtPercent, type Resource } from '../../../src/client/api/study';

const BOOK = '/partyMember/iStudy/partybook';
const res = (over: Partial<Resource> = {}): Resource => ({
  id: 5, name: '微党课', resourceType: 1, viewCount: 3, collectionCount: 1, isIntegrity: true, organName: '省委',
  period: 0.01, resoursePeriod: 0.02, percent: 33.333, ...over,
});

describe('resource cards', () => {
  it('open the info page by resourceType', () => {
    expect(resourceTarget(res({ resourceType: 1 }))).toEqual({ route: `${BOOK}/video/info?id=5` });
    expect(resourceTarget(res({ resourceType: 3 }))).toEqual({ route: `${BOOK}/audio/info?id=5` });
    expect(resourceTarget(res({ resourceType: 2 }))).toEqual({ route: `${BOOK}/files/info?id=5` });
    expect(resourceTarget(res({ resourceType: 4 }))).toEqual({ route: `${BOOK}/files/info?id=5` });
    expect(resourceTarget(res({ resourceType: 5, flvUrl: 'https://live.example/x.flv' }))).toEqual({ external: 'https://live.example/x.flv' });
    expect(resourceTarget(res({ resourceType: 5, flvUrl: null }))).toEqual({ message: '请返回flvUrl字段' });
  });

  it('show 数据被篡改 only when the integrity check failed, and the percent with two decimals', () => {
    const onOpen = vi.fn();
    const { rerender } = render(<ResourceCard resource={res()} onOpen={onOpen} />);
    expect(screen.queryByText('数据被篡改')).toBeNull();
    expect(screen.getByText('33.33%')).toBeTruthy();
    expect(screen.getByText('学时 0.01/0.02')).toBeTruthy();
    rerender(<ResourceCard resource={res({ isIntegrity: false })} onOpen={onOpen} />);
    expect(screen.getByText('数据被篡改')).toBeTruthy();
    screen.getByRole('button', { name: '微党课' }).click();
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('formats hours and percent with two decimals', () => {
    expect(fmtHours(0.1)).toBe('0.10');
    expect(fmtHours(undefined)).toBe('0.00');
    expect(fmtPercent(50)).toBe('50.00%');
  });
});
