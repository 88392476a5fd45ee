/**
 * The 长辈模式 / 大字版 switch (issue 33), in the member header and on the sign-in pages: plain
 * buttons (no antd, the login page carries none), reachable and operable by keyboard, their state
 * said in words (aria-pressed and the label), never by colour alone.
 */
import { useEffect, useState } from 'react';
import type { ElderMode } from '../../contract/types';
import { chooseElderMode, currentElderMode, enterElderArea, onElderModeChange } from '../state/elder-mode';
import { useAppState } from '../state/store';

/** Mount in a frame whose pages follow 长辈模式 (member area, sign-in pages). */
export function useElderArea() {
  useEffect(() => enterElderArea(), []);
}

export function useElderMode(): ElderMode {
  const session = useAppState((s) => s.session);
  const [level, setLevel] = useState<ElderMode>(currentElderMode);
  useEffect(() => onElderModeChange(() => setLevel(currentElderMode())), []);
  useEffect(() => setLevel(currentElderMode()), [session]);
  return level;
}

export function ElderSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const level = useElderMode();
  const on = level > 0;
  return (
    <span className={`dj-elder-switch dj-elder-switch--${tone}`} role="group" aria-label="长辈模式">
      <button type="button" className={`dj-elder-btn ${on ? 'is-on' : ''}`} aria-pressed={on} data-testid="elder-toggle" onClick={() => void chooseElderMode(on ? 0 : 1)} title={on ? '长辈模式已开启，点击恢复标准字号' : '开启长辈模式：大字、大按钮'}>
        <span aria-hidden="true" className="dj-elder-btn__mark">{on ? '✓' : 'A'}</span>
        长辈模式{on ? '：开' : ''}
      </button>
      {on ? (
        <button type="button" className="dj-elder-btn dj-elder-btn--step" data-testid="elder-step" onClick={() => void chooseElderMode(level === 1 ? 2 : 1)} aria-label={level === 1 ? '字号：大，点击换特大字' : '字号：特大，点击换大字'}>
          {level === 1 ? '字号 大' : '字号 特大'}
        </button>
      ) : null}
    </span>
  );
}
