/** A page whose service comes later is a screen of kind construction: 建设中, its tag and child, and what it waits for. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import ConstructionKind from '../../../src/client/engine/kinds/construction';
import type { ScreenDef } from '../../../src/client/engine/types';
import { readConfigDir } from './config-dirs';

const screens: Record<string, ScreenDef> = Object.fromEntries(readConfigDir('screens').map((s) => [s.json.tag, s.json]));

describe('kind construction', () => {
  afterEach(cleanup);

  it('shows the title, the menu tag and the child route, and what the page waits for', () => {
    const s = screens['special/createExam'];
    expect(s.kind).toBe('construction');
    render(<ConstructionKind screen={s} config={{ screens, entities: {} }} basePath="/education/special" />);
    expect(screen.getByText('新建考试（建设中）')).toBeTruthy();
    expect(screen.getByText('special')).toBeTruthy();
    expect(screen.getByText('createExam')).toBeTruthy();
    expect(screen.getByText(`该功能随“${s.waitsFor}”上线。`)).toBeTruthy();
  });
});
