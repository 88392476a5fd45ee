/**
 * 专题课程 (/partyMember/iStudy/subject): the member's totals (GetUserSpecialSum), the recommended
 * topics (GetRecommandSepcialList) and every topic published to him (MySpecialPageList: his own
 * organisation's and those above it), with his progress; a card opens the topic.
 */
import { useState } from 'react';
import { useRequest } from 'ahooks';
import Search from 'antd/es/input/Search';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fmtHours } from '../../api/study';
import { specialService } from '../../api/special';
import type { SpecialCard } from '../../../contract/training';
import { MemberList, usePagedList } from '../kit';
import { SubjectCard } from './subject-card';
import { SUBJECT } from './index';
import '../member.css';
import './subject.css';

const PAGE_SIZE = 12;

export default function SubjectList() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('name') ?? '';
  const [name, setName] = useState(keyword);
  const sum = useRequest(() => specialService.sum());
  const recommended = useRequest(() => specialService.recommended({ skipCount: 0, maxResultCount: 4 }));
  const list = usePagedList((page) => specialService.mine({ ...page, name: keyword || undefined }), { pageSize: PAGE_SIZE, deps: [keyword] });
  const open = (t: SpecialCard) => navigate(`${SUBJECT.info}?id=${t.id}`);
  const s = sum.data;
  const search = (v: string) => {
    const next = new URLSearchParams();
    if (v.trim()) next.set('name', v.trim());
    setParams(next);
  };

  return (
    <div className="dj-subject">
      <div className="dj-banner dj-subject__banner">
        <h2>专题课程</h2>
        <p>围绕专题系统学习，课程资源学习计入学时，学完参加专题考试</p>
        <dl className="dj-subject__sum" aria-label="我的专题学习">
          <div><dt>可学专题</dt><dd data-testid="sum-special">{s?.specialCount ?? '-'}</dd></div>
          <div><dt>学习中</dt><dd>{s?.studyingCount ?? '-'}</dd></div>
          <div><dt>已学完</dt><dd>{s?.finishedCount ?? '-'}</dd></div>
          <div><dt>专题学时</dt><dd>{s ? `${fmtHours(s.period)}/${fmtHours(s.totalPeriod)}` : '-'}</dd></div>
        </dl>
      </div>
      {recommended.data?.items.length ? (
        <section className="dj-card dj-subject__section" aria-labelledby="subject-recommended">
          <h3 id="subject-recommended" className="dj-subject__heading">推荐专题</h3>
          <div className="dj-subject-grid">
            {recommended.data.items.map((t) => <SubjectCard key={t.id} topic={t} onOpen={open} recommended />)}
          </div>
        </section>
      ) : null}
      <section className="dj-card dj-subject__section" aria-labelledby="subject-mine">
        <div className="dj-subject__head">
          <h3 id="subject-mine" className="dj-subject__heading">我的专题</h3>
          <Search className="dj-subject__search" placeholder="搜索专题名称" allowClear value={name} onChange={(e) => setName(e.target.value)} onSearch={search} maxLength={100} />
        </div>
        <MemberList<SpecialCard> list={list} itemsClassName="dj-subject-grid" empty="暂无专题" renderItem={(t) => <SubjectCard topic={t} onOpen={open} />} />
      </section>
    </div>
  );
}
