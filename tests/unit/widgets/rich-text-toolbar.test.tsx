/**
 * Every RichText field gets the one toolbar with the image button: 通知公告's and
 * 教学计划's 正文 render the editor with 插入图片, and the image check gives the spec's messages.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 120_000 });
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/request', () => import('../engine/api-mock'));

import { EntityForm } from '../../../src/client/engine/entity-form';
import type { EntityDef } from '../../../src/client/engine/types';
import { checkEditorImage, IMAGE_CONTROL, RICH_TEXT_CONTROLS } from '../../../src/client/widgets/rich-text/toolbar';
import { readConfigDir } from '../engine/config-dirs';

const entities = readConfigDir('schemas').map((f) => f.json as EntityDef);
const entity = (name: string) => entities.find((e) => e.name === name)!;
const richFields = (e: EntityDef) => Object.entries<any>(e.schema.properties).filter(([, p]) => p['x-component'] === 'RichText' || p.contentMediaType === 'text/html');

afterEach(cleanup);

describe('the RichText toolbar', () => {
  it('no entity passes a toolbar of its own: every RichText field takes the one toolbar', () => {
    const rich = entities.flatMap((e) => richFields(e).map(([k, p]) => ({ e: e.name, k, props: p['x-component-props'] ?? {} })));
    expect(rich.map((r) => r.e)).toEqual(expect.arrayContaining(['publicInfo', 'teachingPlan']));
    expect(rich.filter((r) => 'controls' in r.props || 'excludeControls' in r.props)).toEqual([]);
    expect(RICH_TEXT_CONTROLS).not.toContain('media');
  });

  it.each([['publicInfo', 'content'], ['teachingPlan', 'content']])('%s.%s shows the 插入图片 button', async (name, field) => {
    const e = entity(name);
    render(
      <App>
        <EntityForm entity={e} fields={[field]} onSubmit={async () => {}} />
      </App>,
    );
    const button = await screen.findByRole('button', { name: IMAGE_CONTROL.title });
    expect(button.closest('[data-widget="RichText"]')).toBeTruthy();
    const input = button.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('image/png');
    expect(input.multiple).toBe(true);
  });

  it('checks format, 10 MB and 6 images with the spec messages', () => {
    expect(checkEditorImage({ name: 'a.png', size: 10485760 }, 5)).toBeNull();
    expect(checkEditorImage({ name: 'a.gif', size: 10 }, 0)).toBe('请选择正确的图片格式');
    expect(checkEditorImage({ name: 'a.jpg', size: 10485761 }, 0)).toBe('图片大小不能超过10M');
    expect(checkEditorImage({ name: 'a.JPEG', size: 10 }, 6)).toBe('最多上传6张图片');
  });
});
