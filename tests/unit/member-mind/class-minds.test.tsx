/**
 * 思想汇报 member pieces: ClassMinds (embedded by the class page) reads the member's minds of the
 * class and its public ones, pages in its own state and links rows back to the page around it; the
 * editor offers the classes the member studies in and hides the choice when MyClassPageList fails.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), toastWarning: vi.fn(), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/mind', () => ({ mindService: { mine: vi.fn(), ofClass: vi.fn(), get: vi.fn(), submit: vi.fn(), remove: vi.fn(), studyingClasses: vi.fn() } }));

import { mindService } from '../../../src/client/api/mind';
import type { Mind } from '../../../src/contract/training';
import { setUiConfig } from '../../../src/client/engine/config';
import type { EntityDef } from '../../../src/client/engine/types';
import { ClassMinds } from '../../../src/client/member/mind/class-minds';
import { MindEditor } from '../../../src/client/member/mind/mind-editor';

const file = JSON.parse(readFileSync('schemas/mind-report.json', 'utf8'));
const mindReport: EntityDef = { name: file.name, title: file.title, schema: file.schema };

const mind = (id: number, over: Partial<Mind> = {}): Mind => ({
  id, trainClassId: 5, className: '青年党员培训班', userId: 1, memberName: '李明', organName: '凤凰社区党支部', title: `心得${id}`, content: '<p>x</p>',
  comment: null, commenterName: null, commentTime: null, isPublic: false, creationTime: '2026-11-24T16:30:00Z', lastModificationTime: null,
  commented: false, statusText: '待点评', canEdit: true, canComment: false, ...over,
});

beforeEach(() => {
  vi.mocked(mindService.mine).mockReset();
  vi.mocked(mindService.ofClass).mockReset();
  vi.mocked(mindService.studyingClasses).mockReset();
  setUiConfig({ screens: {}, entities: { mindReport } });
});
afterEach(() => {
  cleanup();
  setUiConfig(null);
});

const wrap = (node: React.ReactNode, at = '/partyMember/iStudy/trainClass/info?id=5') => (
  <MemoryRouter initialEntries={[at]}>
    <App>{node}</App>
  </MemoryRouter>
);

describe('ClassMinds', () => {
  it('lists my minds of the class and its public ones; rows go to the mind and back here', async () => {
    vi.mocked(mindService.mine).mockResolvedValue({ totalCount: 1, items: [mind(1)] });
    vi.mocked(mindService.ofClass).mockResolvedValue({ totalCount: 1, items: [mind(2, { memberName: '赵丽华', isPublic: true, commented: true, statusText: '已点评', commentTime: '2026-11-24T17:00:00Z' })] });
    render(wrap(<ClassMinds classId={5} />));
    expect(await screen.findByText('心得1')).toBeTruthy();
    expect(await screen.findByText('心得2')).toBeTruthy();
    expect(mindService.mine).toHaveBeenCalledWith({ skipCount: 0, maxResultCount: 10, trainClassId: 5 });
    expect(mindService.ofClass).toHaveBeenCalledWith(5, { skipCount: 0, maxResultCount: 10 });
    expect(screen.getByText('赵丽华')).toBeTruthy();
    expect(screen.getByText('公开')).toBeTruthy();
    // submitted 2026-11-24T16:30Z is 2026-11-25 00:30 on the platform (Asia/Shanghai), whatever the machine's zone
    expect(screen.getAllByText(/提交时间：2026-11-25 00:30/).length).toBe(2);
    const href = screen.getByText('心得1').closest('a')!.getAttribute('href')!;
    expect(href.startsWith('/partyMember/iStudy/mindReport/info?')).toBe(true);
    const q = new URLSearchParams(href.split('?')[1]);
    expect(q.get('id')).toBe('1');
    expect(q.get('from')).toBe('/partyMember/iStudy/trainClass/info?id=5');
  });

  it('shows the empty texts', async () => {
    vi.mocked(mindService.mine).mockResolvedValue({ totalCount: 0, items: [] });
    vi.mocked(mindService.ofClass).mockResolvedValue({ totalCount: 0, items: [] });
    render(wrap(<ClassMinds classId={5} />));
    expect(await screen.findByText('您还没有提交本班的心得')).toBeTruthy();
    expect(await screen.findByText('暂无公开的学员心得')).toBeTruthy();
  });
});

describe('MindEditor', () => {
  it('offers the classes the member studies in', async () => {
    vi.mocked(mindService.studyingClasses).mockResolvedValue([{ id: 5, className: '青年党员培训班', studentStatus: 1 }]);
    render(wrap(<MindEditor open onClose={() => undefined} onSaved={() => undefined} />));
    expect(await screen.findByTestId('mind-class-picker')).toBeTruthy();
  });

  it('hides the class choice when MyClassPageList is not there, and for a class page', async () => {
    vi.mocked(mindService.studyingClasses).mockRejectedValue(new Error('404'));
    const { unmount } = render(wrap(<MindEditor open onClose={() => undefined} onSaved={() => undefined} />));
    await waitFor(() => expect(mindService.studyingClasses).toHaveBeenCalled());
    await screen.findByText('写思想汇报');
    expect(screen.queryByTestId('mind-class-picker')).toBeNull();
    unmount();
    vi.mocked(mindService.studyingClasses).mockClear();
    render(wrap(<MindEditor open classId={5} onClose={() => undefined} onSaved={() => undefined} />));
    await screen.findByText('写思想汇报');
    expect(mindService.studyingClasses).not.toHaveBeenCalled();
    expect(screen.queryByTestId('mind-class-picker')).toBeNull();
  });

  it('refuses an empty rich text with the schema’s message, sending nothing', async () => {
    vi.mocked(mindService.submit).mockResolvedValue({ id: 9 });
    const saved = vi.fn();
    render(wrap(<MindEditor open classId={5} onClose={() => undefined} onSaved={saved} />));
    await waitFor(() => expect(document.querySelector('[data-field="title"] input')).toBeTruthy());
    fireEvent.change(document.querySelector('[data-field="title"] input')!, { target: { value: '  学习体会 ' } });
    fireEvent.click(await screen.findByTestId('form-submit'));
    // the rich text is required: nothing is sent without it
    expect(await screen.findByText('请输入心得内容')).toBeTruthy();
    expect(mindService.submit).not.toHaveBeenCalled();
    expect(saved).not.toHaveBeenCalled();
  });
});
