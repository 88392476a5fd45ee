/** The versions of an override: who, when, why; the diff of each against the shipped file or the version before it; roll-back. */
import { useState } from 'react';
import { Button, List, Modal, Radio, Tag } from 'antd';
import type { ConfigDetail, ConfigVersion } from '../../contract/screen-config';
import { changedOnly, lineDiff } from './diff';
import { formatPlatform, MINUTE_FORMAT } from '../utils/platform-time';

const ACTIONS: Record<ConfigVersion['action'], string> = { save: '保存', rollback: '回滚', reset: '恢复出厂', import: '导入' };
const text = (v: unknown) => JSON.stringify(v, null, 2);

export function DiffView({ before, after }: { before: unknown; after: unknown }) {
  const lines = changedOnly(lineDiff(text(before), text(after)));
  if (!lines.length) return <p>没有差异</p>;
  return (
    <pre className="dj-config-diff" data-testid="config-diff">
      {lines.map((l, i) => (l ? <div key={i} className={l.op === '+' ? 'is-add' : l.op === '-' ? 'is-del' : undefined}>{`${l.op} ${l.text}`}</div> : <div key={i} className="is-gap">…</div>))}
    </pre>
  );
}

export function Versions({ detail, onRollback }: { detail: ConfigDetail; onRollback(version: number): void }) {
  const [diffOf, setDiffOf] = useState<ConfigVersion | null>(null);
  const [against, setAgainst] = useState<'shipped' | 'previous'>('shipped');
  const previous = (v: ConfigVersion) => detail.versions.find((x) => x.version < v.version)?.body ?? detail.shipped;
  return (
    <>
      <List
        size="small"
        header={<strong>版本记录</strong>}
        locale={{ emptyText: '尚未修改，使用出厂配置' }}
        dataSource={detail.versions}
        renderItem={(v, i) => (
          <List.Item
            data-testid={`config-version-${v.version}`}
            actions={[
              <Button key="diff" size="small" onClick={() => setDiffOf(v)}>对比</Button>,
              i === 0 ? <Tag key="now" color="green">当前</Tag> : <Button key="back" size="small" onClick={() => onRollback(v.version)}>回滚到此版本</Button>,
            ]}
          >
            <List.Item.Meta title={`第${v.version}版 · ${ACTIONS[v.action]}${v.body === null ? '（出厂配置）' : ''}`} description={`${v.authorName} ${formatPlatform(v.creationTime, MINUTE_FORMAT)} ${v.comment}`} />
          </List.Item>
        )}
      />
      <Modal open={!!diffOf} title={diffOf ? `第${diffOf.version}版的差异` : ''} footer={null} width={820} onCancel={() => setDiffOf(null)}>
        <Radio.Group value={against} onChange={(e) => setAgainst(e.target.value)} options={[{ label: '对比出厂文件', value: 'shipped' }, { label: '对比上一版本', value: 'previous' }]} optionType="button" />
        {diffOf && <DiffView before={against === 'shipped' ? detail.shipped : previous(diffOf)} after={diffOf.body ?? detail.shipped} />}
      </Modal>
    </>
  );
}
