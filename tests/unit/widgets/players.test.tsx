/** The audio player's speed and volume, and the PDF viewer's zoom and search rules. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AudioPlayer, { AUDIO_RATES } from '../../../src/client/widgets/audio-player';
import { clampZoom, findPages, ZOOM_MAX, ZOOM_MIN } from '../../../src/client/widgets/pdf-viewer/reading';

afterEach(cleanup);

describe('audio player', () => {
  it('offers 0.75–2× and sets the element’s rate; the volume and 静音 reach the element', async () => {
    expect(AUDIO_RATES[0]).toBe(0.75);
    expect(AUDIO_RATES[AUDIO_RATES.length - 1]).toBe(2);
    const { container } = render(<AudioPlayer url="/dj/samples/none.mp3" title="党章诵读" />);
    const audio = container.querySelector('audio')!;
    expect(audio.playbackRate).toBe(1);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '播放速度' }));
    fireEvent.click(await screen.findByTitle('1.5×'));
    expect(audio.playbackRate).toBe(1.5);
    expect(audio.volume).toBe(1);
    const handle = screen.getByRole('slider', { name: '音量' });
    fireEvent.keyDown(handle, { key: 'ArrowLeft', keyCode: 37 });
    expect(audio.volume).toBeCloseTo(0.99, 5);
    fireEvent.click(screen.getByRole('button', { name: '静音' }));
    expect(audio.muted).toBe(true);
    expect(screen.getByRole('button', { name: '取消静音' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('PDF reading rules', () => {
  it('zoom stays within 50 %–300 % on 25 % steps', () => {
    expect(clampZoom(1.1)).toBe(1);
    expect(clampZoom(1.2)).toBe(1.25);
    expect(clampZoom(0)).toBe(ZOOM_MIN);
    expect(clampZoom(9)).toBe(ZOOM_MAX);
  });
  it('search finds the pages that hold the text, whitespace and case aside', () => {
    const pages = ['中国共产党 党员 学习手册', 'Party handbook\n第二章', '入党誓词：我志愿加入中国共产党'];
    expect(findPages(pages, '中国共产党')).toEqual([1, 3]);
    expect(findPages(pages, '党员学习')).toEqual([1]);
    expect(findPages(pages, 'HANDBOOK')).toEqual([2]);
    expect(findPages(pages, '  ')).toEqual([]);
    expect(findPages(pages, '不存在')).toEqual([]);
  });
});
