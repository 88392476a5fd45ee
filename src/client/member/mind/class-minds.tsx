/**
 * The minds of a class, for the class page (培训班 详情, built with the classes' part) to embed:
 * `<ClassMinds classId={id} />` — the member's own minds in the class with 写心得, and the class's
 * public minds (ClassMindPageList). The two lists page in component state, not in the URL's `num`:
 * that belongs to the page around them. Rows open mindReport/info, whose back bar returns here.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { mindService } from '../../api/mind';
import type { Mind } from '../../../contract/training';
import { MemberList, usePagedList } from '../kit';
import { MindEditor } from './mind-editor';
import { MindItem } from './mind-item';
import { MIND } from './paths';
import './mind.css';

export function ClassMinds({ classId }: { classId: number }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const from = `${pathname}${search}`;
  const [writing, setWriting] = useState(false);
  const mine = usePagedList<Mind>((page) => mindService.mine({ ...page, trainClassId: classId }), { deps: [classId], inUrl: false });
  const shared = usePagedList<Mind>((page) => mindService.ofClass(classId, page), { deps: [classId], inUrl: false });
  return (
    <div className="dj-class-minds" data-testid="class-minds">
      <div className="dj-mind__section-title">
        我的心得
        <Button type="primary" size="small" icon={<EditOutlined />} onClick={() => setWriting(true)} data-testid="class-mind-write">
          写心得
        </Button>
      </div>
      <MemberList<Mind> list={mine} empty="您还没有提交本班的心得" itemsClassName="dj-mind__items" renderItem={(m) => <MindItem mind={m} pageIndex={1} from={from} />} />
      <div className="dj-mind__section-title">学员心得</div>
      <MemberList<Mind> list={shared} empty="暂无公开的学员心得" itemsClassName="dj-mind__items" renderItem={(m) => <MindItem mind={m} pageIndex={1} from={from} author />} />
      <MindEditor
        open={writing}
        classId={classId}
        onClose={() => setWriting(false)}
        onSaved={(id) => navigate(`${MIND.info}?id=${id}&from=${encodeURIComponent(from)}`)}
      />
    </div>
  );
}

export default ClassMinds;
