/**
 * 困难帮扶 on the kit's workflow pages: the application (schemas/difficulty-apply.json — the schema
 * CreateDifficultyApply validates with — with the evidence files), my applications on the spec's pager
 * (撤回 while 待支部审核) and an application's detail with the audit timeline (支部审核, 上级审核, their
 * remarks) and, once approved, the help records the organisations registered under it. While an
 * application is still under audit the server refuses another (您已有一条正在审核的帮扶申请), so the
 * apply page says so and links to it instead of offering the form.
 */
import { Button, Empty, Skeleton } from 'antd';
import { HeartOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { difficultyService, type AttachedFile, type DifficultyApply } from '../../api/difficulty';
import { formatPlatform } from '../../utils/platform-time';
import { workflowFeature } from '../kit/workflow-feature';
import { HelpItem } from './help-item';
import { DIFFICULTY_OPEN, DIFFICULTY_PAGES } from './index';
import './difficulty.css';

/**
 * The help records of an approved application: a member's own help records are few, and his list
 * (GetUserPagedDifficultyHelpList) has no parent filter, so one page of 100 is read and filtered.
 */
function ApplicationHelps({ id }: { id: number }) {
  const helps = useRequest(() => difficultyService.myHelps({ skipCount: 0, maxResultCount: 100 }), { onError: () => undefined });
  const mine = (helps.data?.items ?? []).filter((h) => h.parentId === id);
  return (
    <section data-testid="application-helps">
      <h3 className="dj-workflow__section-title">帮扶记录</h3>
      {helps.loading && !helps.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : mine.length ? (
        <div className="dj-workflow__items">
          {mine.map((h) => (
            <HelpItem key={h.id} help={h} to={`${DIFFICULTY_PAGES.historyHelpInfo.path}?id=${h.id}`} />
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="党组织尚未登记帮扶记录" />
      )}
    </section>
  );
}

export default workflowFeature<DifficultyApply>({
  entity: 'difficultyApply',
  pages: DIFFICULTY_PAGES,
  className: 'dj-difficulty-page',
  links: { apply: '申请帮扶', myList: '申请记录' },
  item: (r, field) => ({
    title: <>{field('helpType')}申请</>,
    meta: [`申请时间：${formatPlatform(r.creationTime)}`, <>困难类型：{field('difficultType')}</>, r.organName],
    desc: r.difficulInstruction,
  }),
  apply: {
    mine: difficultyService.mine,
    open: DIFFICULTY_OPEN,
    busy: { title: () => '您已有一条正在审核的帮扶申请', summary: (r) => <>{formatPlatform(r.creationTime)} 提交</>, view: '查看申请进度' },
    intro:
      '生活确有困难的党员可向组织申请帮扶：申请先由所在党支部审核，再由上级党组织审核，审核通过后认定为困难党员，党组织将登记对您的帮扶，请您对每次帮扶作出评价。证明材料仅您本人和审核组织可见。',
    submitText: '提交申请',
    submit: (v) => {
      const files = (v.attachs as AttachedFile[] | undefined) ?? [];
      return difficultyService.apply({
        ...v,
        difficulInstruction: typeof v.difficulInstruction === 'string' ? v.difficulInstruction.trim() : v.difficulInstruction,
        attachs: files.map((f, i) => ({ id: f.id, name: f.name || `证明材料${i + 1}` })),
      });
    },
    success: '申请已提交，请等待党支部审核',
    then: () => DIFFICULTY_PAGES.myList.path,
  },
  myList: {
    load: difficultyService.myApplications,
    empty: '暂无帮扶申请记录',
    extra: (
      <Link to={DIFFICULTY_PAGES.status.path}>
        <Button icon={<HeartOutlined />}>我的帮扶</Button>
      </Link>
    ),
  },
  detail: {
    get: (id) => difficultyService.application(id),
    notFound: '未找到该申请',
    loadFailed: '申请加载失败',
    notices: {
      0: { type: 'info', message: '申请已提交，等待所在党支部审核；审核前可以撤回。' },
      1: { type: 'info', message: '党支部已审核通过，等待上级党组织审核。' },
      2: { type: 'success', message: '审核通过，您已被认定为困难党员。党组织的帮扶记录见下方。' },
      3: { type: 'error', message: '申请未通过', refusal: true },
      4: { type: 'warning', message: '申请已撤回，如有需要可重新申请。' },
    },
    sections: () => [
      {
        title: '申请信息',
        fields: [
          { field: 'auditStatus', title: '状态', valueType: 'status', statusList: 'difficultyApply' },
          { field: 'creationTime', title: '申请时间', valueType: 'dateTime' },
          { field: 'organName', title: '所在党组织' },
          'helpType', 'difficultType', 'healthSituation', 'yearIncome', 'familySize', 'isLowAllowance', 'isNoWorkOldMember', 'isPensionBenefits',
        ],
      },
      { title: '困难情况', fields: ['difficulInstruction', 'attachs'], column: 1 },
    ],
    historyTitle: '审核记录',
    panels: (r) => (r.auditStatus === 2 ? <ApplicationHelps id={r.id} /> : null),
    reapply: { states: [3, 4], text: '重新申请' },
  },
  withdraw: { call: (r) => difficultyService.withdraw(r.id), confirm: '确认撤回该帮扶申请？撤回后可重新申请。', success: '申请已撤回', button: '撤回申请' },
});
