/**
 * 思想汇报 (/partyMember/iStudy/mindReport): the member's minds, newest first, on the spec's pager —
 * 待点评 / 已点评, 公开, the class — and 写思想汇报 (a dialog: title, rich text, the class if any).
 */
import { useState } from 'react';
import { Button } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { mindService } from '../../api/mind';
import type { Mind } from '../../../contract/training';
import { MemberList, MemberPage, usePagedList } from '../kit';
import { MindEditor } from './mind-editor';
import { MindItem } from './mind-item';
import { MIND } from './paths';
import './mind.css';

export default function MindList() {
  const navigate = useNavigate();
  const [writing, setWriting] = useState(false);
  const list = usePagedList<Mind>((page) => mindService.mine(page));
  return (
    <MemberPage
      title="思想汇报"
      extra={
        <Button type="primary" icon={<EditOutlined />} onClick={() => setWriting(true)} data-testid="mind-write">
          写思想汇报
        </Button>
      }
    >
      <MemberList<Mind> list={list} empty="暂无思想汇报" itemsClassName="dj-mind__items" renderItem={(m) => <MindItem mind={m} pageIndex={list.pageIndex} />} />
      <MindEditor open={writing} onClose={() => setWriting(false)} onSaved={(id) => navigate(`${MIND.info}?id=${id}`)} />
    </MemberPage>
  );
}
