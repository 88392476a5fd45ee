/** SecretaryCard: the branch secretary's name, masked mobile, office number and organisation; loading, none, failure. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';

vi.mock('../../../src/client/api/endpoints', () => ({ partyMemberService: { secretary: vi.fn() } }));

import { partyMemberService } from '../../../src/client/api/endpoints';
import type { SecretaryInfo } from '../../../src/contract/types';
import { SecretaryCard, SecretaryCardView } from '../../../src/client/member/kit';

afterEach(cleanup);

const info: SecretaryInfo = { organId: 9, organName: '柳城街道凤凰社区党支部', dutyName: '书记', name: '张三', phoneNumber: '138****1234', contactPhone: '028-82601234' };

describe('SecretaryCardView', () => {
  it('shows the secretary, his masked mobile, the office number and the organisation', () => {
    render(<SecretaryCardView info={info} />);
    const card = screen.getByTestId('secretary-card');
    expect(card.textContent).toContain('联系党支部');
    expect(card.textContent).toContain('党支部书记张三');
    expect(card.textContent).toContain('联系电话138****1234');
    expect(card.textContent).toContain('所在党组织柳城街道凤凰社区党支部');
    expect(screen.getByRole('link', { name: '028-82601234' }).getAttribute('href')).toBe('tel:028-82601234');
  });

  it('names a deputy as such, and leaves out what is unknown', () => {
    render(<SecretaryCardView info={{ ...info, dutyName: '副书记', phoneNumber: '', contactPhone: '' }} title="联系书记" />);
    const card = screen.getByTestId('secretary-card');
    expect(card.textContent).toContain('联系书记');
    expect(card.textContent).toContain('党支部副书记张三');
    expect(card.textContent).not.toContain('联系电话');
    expect(card.textContent).not.toContain('办公电话');
  });

  it('only the office number when the branch has no secretary', () => {
    render(<SecretaryCardView info={{ ...info, dutyName: '', name: '', phoneNumber: '' }} />);
    const card = screen.getByTestId('secretary-card');
    expect(card.textContent).not.toContain('党支部书记');
    expect(card.textContent).toContain('办公电话028-82601234');
  });

  it('says so when there is none', () => {
    render(<SecretaryCardView info={null} />);
    expect(screen.getByTestId('secretary-card').textContent).toContain('暂无党支部书记信息');
  });
});

describe('SecretaryCard', () => {
  it('loads the answer of GetUserSecretaryInfo', async () => {
    vi.mocked(partyMemberService.secretary).mockResolvedValueOnce(info);
    render(<SecretaryCard />);
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(partyMemberService.secretary).toHaveBeenCalledTimes(1);
  });

  it('a failed call shows no information, not an error', async () => {
    vi.mocked(partyMemberService.secretary).mockRejectedValueOnce(new Error('网络错误'));
    render(<SecretaryCard />);
    expect(await screen.findByText('暂无党支部书记信息')).toBeTruthy();
  });
});
