import { describe, expect, it } from 'vitest';
import { resolveVariants, VariantError } from '../../src/contract/config-variants';

const base = { file: 'screens/a.json', json: { tag: 'a', title: '视频', params: { resourceType: 1 }, toolbar: [{ label: '新增视频' }] } };
const variant = (set: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ file: 'screens/b.json', json: { $schema: 'x', tag: 'b', extends: 'a', set, ...extra } });

describe('configuration variants', () => {
  it('copies the base and replaces the values named by JSON pointers, leaving the base alone', () => {
    const [a, b] = resolveVariants([base, variant({ '/title': '音频', '/params/resourceType': 3, '/toolbar/0/label': '新增音频' })], 'tag');
    expect(b.json).toEqual({ tag: 'b', title: '音频', params: { resourceType: 3 }, toolbar: [{ label: '新增音频' }] });
    expect(a.json).toEqual(base.json);
  });
  it('refuses a missing base, a pointer the base does not have, extra keys and a variant of a variant', () => {
    expect(() => resolveVariants([variant({ '/title': 'x' }, { extends: 'nope' })], 'tag')).toThrow(/extends 引用了不存在的界面 nope/);
    expect(() => resolveVariants([base, variant({ '/titel': 'x' })], 'tag')).toThrow('配置文件 screens/b.json 不合法：/set 中的 /titel 在 screens/a.json 中不存在');
    expect(() => resolveVariants([base, variant({ '/toolbar/5/label': 'x' })], 'tag')).toThrow(VariantError);
    expect(() => resolveVariants([base, variant({}, { title: 'x' })], 'tag')).toThrow(/多出了 title/);
    expect(() => resolveVariants([base, variant({ '/tag': 'c' })], 'tag')).toThrow(/不能改 \/tag/);
    const c = { file: 'screens/c.json', json: { tag: 'c', extends: 'b', set: {} } };
    expect(() => resolveVariants([base, variant({}), c], 'tag')).toThrow(/extends 引用了不存在的界面 b/);
  });
});
