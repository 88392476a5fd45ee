/**
 * The pages of a member workflow — apply, my list, history and detail — built from a small
 * configuration (困难帮扶, 组织关系转接, 流动党员): what differs is written in the feature's folder as
 * texts, calls and plain JSX (the card's facts, the panels under a record); what does not is here,
 * on the kit's page, list, detail, form and action pieces. No JSON pages, no condition language.
 * Import it from 'member/kit/workflow-feature' (not the kit's index): it loads with a workflow's pages.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { HistoryOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useRequest } from 'ahooks';
import type { PagedResult } from '../../../contract/types';
import { toastSuccess } from '../../api/toast';
import { StatusTag } from '../../components/status-tag';
import { EvaluateForm, type Evaluation } from './evaluate-form';
import { MemberDetail, type DetailSection } from './member-detail';
import { MemberForm } from './member-form';
import { MemberList } from './member-list';
import { MemberPage, pageLink } from './member-page';
import type { WorkflowFeaturePages, WorkflowPages } from './routes';
import { SecretaryCard } from './secretary-card';
import { StepButton } from './step-button';
import { useAction } from './use-action';
import { usePagedList, type PageArgs } from './use-paged-list';
import { WorkflowItem, type FieldValue, type WorkflowItemContent, type WorkflowRecord } from './workflow-item';
import './workflow.css';

/** What a state means for the member, above the record. */
export interface Notice {
  type: 'info' | 'success' | 'warning' | 'error';
  message: ReactNode;
  description?: ReactNode;
  /** described by the remark of the step that refused it (审核意见：…) */
  refusal?: boolean;
}

export interface WorkflowConfig<T extends WorkflowRecord> {
  /** the entity of schemas/ whose schema titles and renders the fields */
  entity: string;
  /** the status list of its states (default the entity's name) */
  statusList?: string;
  pages: WorkflowPages;
  /** a class of the feature's own on every page (besides dj-workflow-page) */
  className?: string;
  /** the texts of the header buttons leading to these pages */
  links: { apply: string; myList: string; history?: string };
  /** the card of a record in the lists */
  item: (record: T, field: FieldValue) => WorkflowItemContent;
  /** 如有疑问请联系党支部书记 (the member's branch secretary) under the form and the record */
  contact?: boolean;
  apply: {
    /** the member's latest record */
    mine: () => Promise<T | null>;
    /** states in which the server refuses another: the page shows that one instead of the form */
    open: readonly number[];
    busy: {
      title: (open: T) => ReactNode;
      /** what it is, before 当前状态 */
      summary: (open: T) => ReactNode;
      testId?: string;
      /** the text of the link to its detail */
      view: string;
      /** actions before that link (which is then not the primary one) */
      actions?: (open: T) => ReactNode;
    };
    intro: ReactNode;
    form?: { fields?: string[]; initialValues?: Record<string, unknown> };
    submitText: string;
    /** the call; a thrown ApiError keeps the form open with its errors on the fields */
    submit: (values: Record<string, unknown>) => Promise<T>;
    success: string;
    /** where to go once sent (default the new record's detail) */
    then?: (created: T) => string;
  };
  myList: { load: (page: PageArgs) => Promise<PagedResult<T>>; empty: string; extra?: ReactNode };
  history?: { load: (page: PageArgs) => Promise<PagedResult<T>>; empty: string };
  detail: {
    get: (id: string) => Promise<T>;
    notFound: string;
    loadFailed: string;
    notices: Record<number, Notice | ((record: T) => Notice)>;
    sections: (record: T) => DetailSection[];
    historyTitle?: string;
    /** panels under the record, before the evaluation */
    panels?: (record: T, refresh: () => void) => ReactNode;
    /** a header action of the record's state when it cannot be withdrawn */
    extra?: (record: T) => ReactNode;
    /** states whose header offers the form again */
    reapply: { states: readonly number[]; text: string };
  };
  /** the step withdraw: 撤回 on the list's cards, `button` on the detail */
  withdraw?: { call: (record: T) => Promise<unknown>; confirm: string; success: string; button: string };
  /** the step evaluate: the form under the record while it waits for one */
  evaluate?: { title: string; call: (record: T, evaluation: Evaluation) => Promise<unknown> };
}

const linkButton = (to: string, text: string, icon: ReactNode, primary?: boolean) => (
  <Link to={to}>
    <Button type={primary ? 'primary' : undefined} icon={icon}>{text}</Button>
  </Link>
);

function ContactCard() {
  return (
    <div className="dj-workflow__contact" data-testid="contact-card">
      <SecretaryCard title="如有疑问请联系党支部书记" />
    </div>
  );
}

/**
 * The record named by the query's `id`, and what to show until it is there: 未找到 without an id, a
 * skeleton while it loads, a retry when it failed.
 */
export function useRecordOfQuery<T>(get: (id: string) => Promise<T>, texts: { notFound: string; loadFailed: string }) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const req = useRequest(() => get(id!), { ready: !!id, refreshDeps: [id], onError: () => undefined });
  const record = req.data;
  let fallback: ReactNode = null;
  if (!id) fallback = <Empty description={texts.notFound} />;
  else if (!record && req.loading) fallback = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!record) fallback = <Result status="warning" title={texts.loadFailed} extra={<Button onClick={req.refresh}>重新加载</Button>} />;
  return { record, refresh: req.refresh, fallback };
}

/** The apply / my list / history / detail pages of a workflow, keyed as its `pages` (see workflowRoutes). */
export function workflowFeature<T extends WorkflowRecord>(config: WorkflowConfig<T>): WorkflowFeaturePages {
  const { entity, statusList = entity, pages, links, apply, detail, withdraw, evaluate } = config;
  const className = `dj-workflow-page${config.className ? ` ${config.className}` : ''}`;
  const detailOf = (r: T) => `${pages.detail.path}?id=${r.id}`;
  const toMyList = linkButton(pages.myList.path, links.myList, <UnorderedListOutlined />);
  const toHistory = pages.history && links.history ? linkButton(pages.history.path, links.history, <HistoryOutlined />) : null;

  function Apply() {
    const navigate = useNavigate();
    const mine = useRequest(apply.mine, { onError: () => undefined });
    const open = mine.data && apply.open.includes(mine.data.auditStatus) ? mine.data : null;
    const submit = async (values: Record<string, unknown>) => {
      const created = await apply.submit(values);
      void toastSuccess(apply.success);
      navigate(apply.then ? apply.then(created) : detailOf(created));
    };

    let body;
    if (mine.loading && !mine.data) body = <Skeleton active paragraph={{ rows: 8 }} />;
    else if (open) {
      const first = apply.busy.actions?.(open) ?? null;
      body = (
        <Result
          status="info"
          title={apply.busy.title(open)}
          subTitle={
            <span data-testid={apply.busy.testId}>
              {apply.busy.summary(open)}，当前状态 <StatusTag list={statusList} value={open.auditStatus} />
            </span>
          }
          extra={<>{first}<Link to={detailOf(open)}><Button type={first ? 'default' : 'primary'}>{apply.busy.view}</Button></Link></>}
        />
      );
    } else
      body = (
        <>
          <div className="dj-workflow__intro">{apply.intro}</div>
          <div className="dj-workflow__form">
            <MemberForm entity={entity} fields={apply.form?.fields} initialValues={apply.form?.initialValues} submitText={apply.submitText} onSubmit={submit} />
          </div>
        </>
      );
    return (
      <MemberPage className={className} title={pages.apply.title} extra={<>{toMyList}{toHistory}</>}>
        {body}
        {config.contact ? <ContactCard /> : null}
      </MemberPage>
    );
  }

  function MyList() {
    const list = usePagedList(config.myList.load);
    const step = useAction((r: T) => withdraw!.call(r), { confirm: withdraw?.confirm, success: withdraw?.success, onSuccess: list.refresh });
    return (
      <MemberPage
        className={className}
        title={pages.myList.title}
        extra={<>{config.myList.extra}{toHistory}{linkButton(pages.apply.path, links.apply, <PlusOutlined />, true)}</>}
      >
        <MemberList<T>
          list={list}
          empty={config.myList.empty}
          itemsClassName="dj-workflow__items"
          renderItem={(r) => (
            <WorkflowItem
              entity={entity}
              statusList={statusList}
              record={r}
              to={pageLink(pages.detail.path, { id: r.id }, list.pageIndex)}
              content={config.item}
              actions={withdraw ? <StepButton record={r} step="withdraw" action={step} size="small" danger>撤回</StepButton> : null}
            />
          )}
        />
      </MemberPage>
    );
  }

  function History() {
    const list = usePagedList(config.history!.load);
    return (
      <MemberPage className={className} title={pages.history!.title} extra={toMyList}>
        <MemberList<T>
          list={list}
          empty={config.history!.empty}
          itemsClassName="dj-workflow__items"
          renderItem={(r) => (
            <WorkflowItem entity={entity} statusList={statusList} record={r} to={pageLink((pages.historyDetail ?? pages.detail).path, { id: r.id }, list.pageIndex)} content={config.item} />
          )}
        />
      </MemberPage>
    );
  }

  function StateNotice({ r }: { r: T }) {
    const given = detail.notices[r.auditStatus];
    const notice = typeof given === 'function' ? given(r) : given;
    if (!notice) return null;
    const remark = notice.refusal ? [...(r.history ?? [])].reverse().find((h) => h.toState === r.auditStatus)?.remark : undefined;
    const description = notice.refusal ? (remark ? `审核意见：${remark}` : undefined) : notice.description;
    return <Alert className="dj-workflow__notice" type={notice.type} showIcon message={notice.message} description={description} />;
  }

  function Detail({ fromHistory }: { fromHistory?: boolean }) {
    const page = (fromHistory && pages.historyDetail) || pages.detail;
    const { record: r, refresh, fallback } = useRecordOfQuery(detail.get, detail);
    const step = useAction((record: T) => withdraw!.call(record), { confirm: withdraw?.confirm, success: withdraw?.success, onSuccess: refresh });

    let extra: ReactNode = null;
    if (r && withdraw && r.availableTransitions?.includes('withdraw'))
      extra = <Button danger loading={step.loading} onClick={() => void step.run(r)}>{withdraw.button}</Button>;
    else if (r) extra = detail.extra?.(r) ?? (detail.reapply.states.includes(r.auditStatus) ? <Link to={pages.apply.path}><Button>{detail.reapply.text}</Button></Link> : null);

    return (
      <MemberPage className={className} title={page.title} back={fromHistory && pages.history ? pages.history.path : pages.myList.path} backText={page.backText} extra={extra}>
        {fallback ??
          (r ? (
            <>
              <StateNotice r={r} />
              <MemberDetail entity={entity} record={r} sections={detail.sections(r)} history={r.history ?? []} statusList={statusList} historyTitle={detail.historyTitle} />
              {detail.panels?.(r, refresh)}
              {evaluate && r.availableTransitions?.includes('evaluate') ? <EvaluateForm entity={entity} title={evaluate.title} onSubmit={(v) => evaluate.call(r, v)} onDone={refresh} /> : null}
              {config.contact ? <ContactCard /> : null}
            </>
          ) : null)}
      </MemberPage>
    );
  }

  return { apply: Apply, myList: MyList, history: History, detail: () => <Detail />, historyDetail: () => <Detail fromHistory /> };
}
