/** The video player's settings speak plainly: 循环播放, not DPlayer's zh-cn joke 洗脑循环. */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import VideoPlayer, { LOOP_LABEL } from '../../../src/client/widgets/video-player';

describe('video player', () => {
  it('labels the loop setting 循环播放', () => {
    const { container } = render(<VideoPlayer url="/dj/samples/none.mp4" autoplay={false} />);
    expect(container.querySelector('.dplayer-setting-loop .dplayer-label')?.textContent).toBe(LOOP_LABEL);
    expect(container.textContent).not.toContain('洗脑循环');
  });
});

describe('the right-click menu', () => {
  it('offers the speeds and 视频统计信息, without 关于作者, the version or any link off the platform', () => {
    const { container } = render(<VideoPlayer url="/dj/samples/none.mp4" autoplay={false} />);
    const items = [...container.querySelectorAll('.dplayer-menu .dplayer-menu-item')];
    const texts = items.map((i) => i.textContent?.trim());
    expect(texts).toEqual(['0.75 倍速', '正常速度', '1.25 倍速', '1.5 倍速', '2 倍速', '视频统计信息']);
    expect(container.querySelector('.dplayer-menu')?.textContent).not.toMatch(/DPlayer|关于作者|v\d/);
    for (const a of container.querySelectorAll('.dplayer-menu a')) {
      // no link off the platform, and no javascript: link the server's CSP would refuse to run
      expect(a.getAttribute('href') ?? '').not.toMatch(/^((https?:)?\/\/|javascript:)/i);
      expect(a.getAttribute('target')).not.toBe('_blank');
    }
  });

  it('a speed item sets the playback rate', () => {
    const { container } = render(<VideoPlayer url="/dj/samples/none.mp4" autoplay={false} />);
    const item = [...container.querySelectorAll<HTMLElement>('.dplayer-menu .dplayer-menu-item')].find((i) => i.textContent?.trim() === '1.5 倍速')!;
    item.querySelector('a')!.click();
    expect(container.querySelector('video')!.playbackRate).toBe(1.5);
  });
});
