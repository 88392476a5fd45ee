/** An image or a video address is shown as a picture or a 播放 button, never as its path (宣传视频's list). */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { Value, resolveColumn } from '../../../src/client/engine/fields';
import type { EntityDef } from '../../../src/client/engine/types';

afterEach(cleanup);

const file = JSON.parse(readFileSync('schemas/big-screen-video.json', 'utf8'));
const video: EntityDef = { name: file.name, title: file.title, schema: file.schema };

describe('media value types', () => {
  it('a field whose contentMediaType is a video or an image resolves to that value type', () => {
    expect(resolveColumn('videoUrl', video).valueType).toBe('video');
    expect(resolveColumn('coverImage', video).valueType).toBe('image');
  });

  it('a video is a 播放 button named by the record, over its poster; the path is not shown', () => {
    const col = resolveColumn({ field: 'videoUrl', valueType: 'video', props: { posterField: 'coverImage', titleField: 'title' } }, video);
    const { container } = render(<Value col={col} record={{ videoUrl: '/file/f/abc.mp4', coverImage: '/file/f/cover.png', title: '示范党课' }} inTable />);
    expect(screen.getByRole('button', { name: '播放视频：示范党课' })).toBeTruthy();
    expect(container.textContent).not.toContain('/file/f/abc.mp4');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/file/f/cover.png');
  });

  it('no address reads as -', () => {
    expect(render(<Value col={{ field: 'videoUrl', valueType: 'video' }} record={{ videoUrl: null }} />).container.textContent).toBe('-');
    expect(render(<Value col={{ field: 'coverImage', valueType: 'image' }} record={{ coverImage: '' }} />).container.textContent).toContain('-');
  });
});
