/**
 * 党员书架 (services §2): /partyMember/iStudy/partybook with tabs 全部 / 视频 / 音频 / 文件 / 最近学习
 * (each tab is its own route); search by name; cards open the info page by resourceType.
 */
import { useEffect, useState } from 'react';
import { Empty, Input, Spin, Tabs } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { resourceService, type Resource } from '../../api/study';
import Pager from '../../widgets/pager';
import { toSkip } from '../../utils/paging';
import { openResource, ResourceCard } from './resource-card';
import '../member.css';
import './study.css';

const BOOK = '/partyMember/iStudy/partybook';
const PAGE_SIZE = 12;

const TABS = [
  { key: 'all', label: '全部资源', path: BOOK },
  { key: 'video', label: '视频', path: `${BOOK}/video`, type: 1 },
  { key: 'audio', label: '音频', path: `${BOOK}/audio`, type: 3 },
  { key: 'files', label: '文件', path: `${BOOK}/files`, type: 4 },
  { key: 'latelyLearn', label: '最近学习', path: `${BOOK}/latelyLearn` },
] as const;

type TabKey = (typeof TABS)[number]['key'];

export function tabOfPath(pathname: string): TabKey {
  const tail = pathname.replace(/\/+$/, '').split('/').pop();
  return (TABS.find((t) => t.key === tail)?.key ?? 'all') as TabKey;
}

export default function Partybook() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = tabOfPath(pathname);
  const pageIndex = Math.max(1, Number(params.get('num')) || 1);
  const [name, setName] = useState(params.get('name') ?? '');
  const [data, setData] = useState<{ totalCount: number; items: Resource[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const keyword = params.get('name') ?? '';

  useEffect(() => {
    let gone = false;
    const def = TABS.find((t) => t.key === tab)!;
    const input = { skipCount: toSkip(pageIndex, PAGE_SIZE), maxResultCount: PAGE_SIZE, name: keyword || undefined, resourceType: 'type' in def ? def.type : undefined };
    setLoading(true);
    (tab === 'latelyLearn' ? resourceService.latelyLearn(input) : resourceService.organList(input))
      .then((d) => !gone && setData(d))
      .catch(() => !gone && setData({ totalCount: 0, items: [] }))
      .finally(() => !gone && setLoading(false));
    return () => {
      gone = true;
    };
  }, [tab, pageIndex, keyword]);

  const search = (v: string) => {
    const next = new URLSearchParams();
    if (v.trim()) next.set('name', v.trim());
    setParams(next);
  };

  return (
    <div className="dj-partybook">
      <div className="dj-banner dj-partybook__banner">
        <h2>党员书架</h2>
        <p>视频、音频、文件学习资源，学习计入学时</p>
      </div>
      <div className="dj-partybook__panel">
        <div className="dj-partybook__head">
          <Tabs
            activeKey={tab}
            onChange={(k) => {
              setData(null);
              navigate(TABS.find((t) => t.key === k)!.path);
            }}
            items={TABS.map((t) => ({ key: t.key, label: t.label }))}
          />
          <Input.Search
            className="dj-partybook__search"
            placeholder="搜索资源名称"
            allowClear
            value={name}
            onChange={(e) => setName(e.target.value)}
            onSearch={search}
            maxLength={100}
          />
        </div>
        <Spin spinning={loading}>
          {data && data.items.length === 0 ? (
            <Empty className="dj-partybook__empty" description={tab === 'latelyLearn' ? '暂无学习记录' : '暂无相关资源'} />
          ) : (
            <div className="dj-res-grid">
              {(data?.items ?? []).map((r) => (
                <ResourceCard key={r.id} resource={r} onOpen={(x) => openResource(x, navigate)} />
              ))}
            </div>
          )}
          {!data && <div style={{ minHeight: 160 }} />}
        </Spin>
        {data && data.totalCount > PAGE_SIZE && (
          <Pager
            pageIndex={pageIndex}
            total={data.totalCount}
            pageSize={PAGE_SIZE}
            onChange={(p) => {
              const next = new URLSearchParams(params);
              next.set('num', String(p));
              setParams(next);
            }}
          />
        )}
      </div>
    </div>
  );
}
