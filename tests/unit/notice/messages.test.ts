/**
 * state/messages: the one way the header's preview and unread count are (re)loaded — by the bell on
 * mount and by the notice pages after reading — so they follow at once; older answers never win.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/client/api/endpoints', () => ({ siteMessageService: { preview: vi.fn(), unreadCount: vi.fn() } }));

import { siteMessageService } from '../../../src/client/api/endpoints';
import { getState, setState } from '../../../src/client/state/store';
import { refreshMessages, showMessages } from '../../../src/client/state/messages';
import { memberLink } from '../../../src/client/member/notice/paths';

const item = (messageId: number, isRead = false) => ({ messageId, isRead, messageType: '1', title: `通知${messageId}`, organName: '党委', creationTime: '2026-01-01T00:00:00Z' });
const preview = vi.mocked(siteMessageService.preview);
const unread = vi.mocked(siteMessageService.unreadCount);

beforeEach(() => {
  preview.mockReset();
  unread.mockReset();
  setState({ messageList: [], unReadCount: 0 });
});

describe('refreshMessages', () => {
  it('loads the preview and the count of the source into the store', async () => {
    preview.mockResolvedValue({ totalCount: 2, items: [item(1), item(2, true)] });
    unread.mockResolvedValue(5);
    await showMessages(2);
    expect(preview).toHaveBeenCalledWith(2);
    expect(unread).toHaveBeenCalledWith(2);
    expect(getState().unReadCount).toBe(5);
    expect(getState().messageList.map((m) => m.messageId)).toEqual([1, 2]);

    // after a read: the count drops without the bell remounting
    preview.mockResolvedValue({ totalCount: 2, items: [item(1, true), item(2, true)] });
    unread.mockResolvedValue(4);
    await refreshMessages(2);
    expect(getState().unReadCount).toBe(4);
    expect(getState().messageList.every((m) => m.isRead)).toBe(true);
  });

  it('a page of the other space leaves the header alone', async () => {
    preview.mockResolvedValue({ totalCount: 0, items: [] });
    unread.mockResolvedValue(3);
    await showMessages(2);
    preview.mockClear();
    await refreshMessages(1);
    expect(preview).not.toHaveBeenCalled();
    expect(getState().unReadCount).toBe(3);
  });

  it('drops an older answer that arrives after a newer one, and keeps the store on failure', async () => {
    let slow!: (n: number) => void;
    preview.mockResolvedValue({ totalCount: 0, items: [] });
    unread.mockImplementationOnce(() => new Promise<number>((r) => (slow = r))).mockResolvedValueOnce(1);
    const first = showMessages(2);
    await refreshMessages(2);
    slow(7);
    await first;
    expect(getState().unReadCount).toBe(1);

    unread.mockRejectedValueOnce(new Error('x'));
    preview.mockRejectedValueOnce(new Error('x'));
    await refreshMessages(2);
    expect(getState().unReadCount).toBe(1);
  });
});

describe('memberLink', () => {
  it('allows only paths inside the member area', () => {
    expect(memberLink('/partyMember/iBranch/partyDues')).toBe('/partyMember/iBranch/partyDues');
    expect(memberLink(' /partyMember/personal ')).toBe('/partyMember/personal');
    for (const bad of [null, '', 'https://evil.example/partyMember/x', '//evil.example', '/partyMember//evil.example', '/branchSpace/notice', 'javascript:alert(1)', '/partyMember/\\evil']) {
      expect(memberLink(bad), String(bad)).toBeNull();
    }
  });
});
