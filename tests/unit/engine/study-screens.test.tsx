/**
 * The engine mechanisms the study loop's screens use: contract child routes ending in info / list
 * resolve to the tag's own screen, detail fields shown by condition (the player of the resource's
 * type), tree rows without children, and valueKey (an upload result's id kept as the field value).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { readConfigDir } from './config-dirs';
import { screenFor } from '../../../src/client/engine/resolve';
import { DetailView } from '../../../src/client/engine/detail';
import { pruneLeaves } from '../../../src/client/engine/list-screen';
import { keyedValue, pickValue, resultOf } from '../../../src/client/widgets/upload-core/value-key';
import type { ScreenDef } from '../../../src/client/engine/types';

afterEach(cleanup);

const screens: Record<string, ScreenDef> = Object.fromEntries(readConfigDir('screens').map(({ json }) => [json.tag, json as ScreenDef]));

describe('study screens', () => {
  it('video/info and video/list of Pages.ResourceLibaryService resolve to the resource screen; offlinePeriod has info and auditInfo', () => {
    expect(screenFor(screens, 'resourceVideo', 'video/info')).toMatchObject({ as: 'detail', screen: { tag: 'resourceVideo' } });
    expect(screenFor(screens, 'resourceAudio', 'audio/info')).toMatchObject({ as: 'detail', screen: { tag: 'resourceAudio' } });
    expect(screenFor(screens, 'resourceFiles', 'files/list')).toMatchObject({ as: 'list', screen: { tag: 'resourceFiles' } });
    expect(screenFor(screens, 'offlinePeriod', 'info')).toMatchObject({ as: 'detail', screen: { tag: 'offlinePeriod' } });
    expect(screenFor(screens, 'offlinePeriod', 'auditInfo')).toMatchObject({ as: 'detail', screen: { tag: 'offlinePeriod/auditInfo' } });
    // a bare `list` child is not the tag's own list (it may be another page, e.g. volunteer/list)
    expect(screenFor(screens, 'resourceVideo', 'list')).toBeNull();
  });

  it('the resource screens post the upload id as fileId and send their resource type', () => {
    for (const [tag, type] of [['resourceVideo', 1], ['resourceAudio', 3], ['resourceFiles', 4]] as const) {
      const s = screens[tag];
      expect(s.params).toEqual({ resourceType: type });
      expect(s.form?.values).toEqual({ resourceType: type });
      expect(s.rowActions?.find((a) => a.kind === 'delete')).toMatchObject({ confirm: '确认删除资源', permission: 'Pages.ResourceLibaryService.Delete' });
      expect(s.rowActions?.find((a) => a.kind === 'edit')).toMatchObject({ permission: 'Pages.ResourceLibaryService.Modify' });
    }
    const entities = Object.fromEntries(readConfigDir('schemas').map(({ json }) => [json.name, json]));
    expect(entities.resourceVideo.schema.properties.fileId['x-component-props']).toMatchObject({ kind: 'video', valueKey: 'id' });
    expect(entities.resourceAudio.schema.properties.fileId['x-component-props']).toMatchObject({ kind: 'audio', valueKey: 'id' });
    expect(entities.resourceAudio.schema.properties.fileId['x-required-message']).toBe('请上传音频文件');
  });

  it('a detail shows only the fields whose conditions hold on the record', () => {
    const detail = {
      sections: [
        { title: '资源', fields: ['name', { field: 'playUrl', title: '视频地址', visibleWhen: [{ field: 'resourceType', equals: 1 }] }, { field: 'playUrl', title: '音频地址', visibleWhen: [{ field: 'resourceType', equals: 3 }] }] },
        { title: '只对文件', fields: [{ field: 'pages', title: '页数', visibleWhen: [{ field: 'resourceType', equals: 4 }] }] },
      ],
    };
    render(<DetailView detail={detail} record={{ name: '党章诵读', resourceType: 3, playUrl: '/file/f/a' }} />);
    expect(screen.getByText('音频地址')).toBeTruthy();
    expect(screen.queryByText('视频地址')).toBeNull();
    expect(screen.queryByText('只对文件')).toBeNull(); // a section with nothing to show is left out
  });

  it('tree rows: a leaf loses its empty children, inner nodes keep theirs', () => {
    expect(pruneLeaves([{ id: 1, children: [{ id: 2, children: [] }] }, { id: 3, children: [] }, { id: 4 }])).toEqual([{ id: 1, children: [{ id: 2 }] }, { id: 3 }, { id: 4 }]);
  });

  it('valueKey keeps one property of an upload result and remembers the result for display', () => {
    const result = { id: 'f1', url: '/file/hls/k/index.m3u8', orgfile: '/file/f/k', duration: '00:01:15', metadata: { time: 75 }, name: '微党课.mp4' };
    expect(keyedValue(result, 'id')).toBe('f1');
    expect(resultOf('f1')).toMatchObject({ name: '微党课.mp4', duration: '00:01:15' });
    expect(pickValue(result, 'metadata.time')).toBe(75);
    expect(pickValue(result, 'metadata.none.deeper')).toBeUndefined();
    expect(resultOf('unknown')).toBeUndefined();
  });
});
