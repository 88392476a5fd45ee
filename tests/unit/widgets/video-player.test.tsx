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
