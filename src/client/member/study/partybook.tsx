/**
 * 党员书架 (services §2): /partyMember/iStudy/partybook with tabs 全部 / 视频 / 音频 / 文件 / 最近学习
 * (each tab is its own route); search by name; cards open the info page by resourceType.
 */
import { useState } from 'react';
import { Tabs } from 'antd';
// Search alone: antd's Input index also brings TextArea, Password and OTP
import Search from 'antd/es/input/Search';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { resourceService, type Resource } from '../../api/study';
import { MemberList, usePagedList } from '../kit';
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
  const keyword = params.get('name') ?? '';
  const [name, setName] = useState(keyword);
  const list = usePagedList(
    (page) => {
      const def = TABS.find((t) => t.key === tab)!;
      const input = { ...page, name: keyword || undefined, resourceType: 'type' in def ? def.type : undefined };
      return tab === 'latelyLearn' ? resourceService.latelyLearn(input) : resourceService.organList(input);
    },
    { pageSize: PAGE_SIZE, deps: [tab, keyword] },
  );

  // a new search starts on page 1 (no num)
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
            onChange={(k) => navigate(TABS.find((t) => t.key === k)!.path)}
            items={TABS.map((t) => ({ key: t.key, label: t.label }))}
          />
          <Search
            className="dj-partybook__search"
            placeholder="搜索资源名称"
            allowClear
            value={name}
            onChange={(e) => setName(e.target.value)}
            onSearch={search}
            maxLength={100}
          />
        </div>
        <MemberList<Resource>
          list={list}
          itemsClassName="dj-res-grid"
          empty={tab === 'latelyLearn' ? '暂无学习记录' : '暂无相关资源'}
          renderItem={(r) => <ResourceCard resource={r} onOpen={(x) => openResource(x, navigate)} />}
        />
      </div>
    </div>
  );
}
