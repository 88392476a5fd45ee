/**
 * 困难帮扶申请 (/partyMember/partySpace/difficultCreate): the form of schemas/difficulty-apply.json —
 * the schema CreateDifficultyApply validates with — with the evidence files. While an application is
 * still under audit the server refuses another (您已有一条正在审核的帮扶申请), so the page says so and
 * links to it instead of offering the form.
 */
import { Button, Result, Skeleton } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { difficultyService, type AttachedFile } from '../../api/difficulty';
import { toastSuccess } from '../../api/toast';
import { MemberForm, MemberPage, StatusTag } from '../kit';
import { formatPlatform } from '../../utils/platform-time';
import { DIFFICULTY, isOpen } from './paths';
import './difficulty.css';

export default function DifficultyApplyPage() {
  const navigate = useNavigate();
  const mine = useRequest(() => difficultyService.mine(), { onError: () => undefined });
  const open = mine.data && isOpen(mine.data.auditStatus) ? mine.data : null;

  const submit = async (v: Record<string, unknown>) => {
    const files = (v.attachs as AttachedFile[] | undefined) ?? [];
    await difficultyService.apply({
      ...v,
      difficulInstruction: typeof v.difficulInstruction === 'string' ? v.difficulInstruction.trim() : v.difficulInstruction,
      attachs: files.map((f, i) => ({ id: f.id, name: f.name || `证明材料${i + 1}` })),
    });
    void toastSuccess('申请已提交，请等待党支部审核');
    navigate(DIFFICULTY.history);
  };

  let body;
  if (mine.loading && !mine.data) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (open)
    body = (
      <Result
        status="info"
        title="您已有一条正在审核的帮扶申请"
        subTitle={
          <span>
            {formatPlatform(open.creationTime)} 提交，当前状态 <StatusTag list="difficultyApply" value={open.auditStatus} />
          </span>
        }
        extra={
          <Link to={`${DIFFICULTY.historyInfo}?id=${open.id}`}>
            <Button type="primary">查看申请进度</Button>
          </Link>
        }
      />
    );
  else
    body = (
      <>
        <p className="dj-difficulty__intro">
          生活确有困难的党员可向组织申请帮扶：申请先由所在党支部审核，再由上级党组织审核，审核通过后认定为困难党员，党组织将登记对您的帮扶，请您对每次帮扶作出评价。证明材料仅您本人和审核组织可见。
        </p>
        <MemberForm entity="difficultyApply" submitText="提交申请" onSubmit={submit} />
      </>
    );

  return (
    <MemberPage
      className="dj-difficulty-page"
      title="困难帮扶申请"
      extra={
        <Link to={DIFFICULTY.history}>
          <Button icon={<UnorderedListOutlined />}>申请记录</Button>
        </Link>
      }
    >
      {body}
    </MemberPage>
  );
}
