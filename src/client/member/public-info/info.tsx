/**
 * The article page of 上级精神 / 基层动态 / 党务公开 (…/info?id=): title, organisation, date, source
 * and the content (rich text sanitised on the server and again by the reader). Opening it marks it
 * read (GetPublicInfoInfo), so the list shows it 已读 when the member goes back. Below, for 上级精神
 * and 基层动态, the member's own 学习心得 on it (MyReportPageList by parentId: one per article) with
 * 写学习心得 / 修改 / 删除.
 */
import { useRequest } from 'ahooks';
import { Button, Result, Skeleton, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { publicInfoService } from '../../api/public-info';
import { Value } from '../../engine/fields';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { MemberPage, useAction } from '../kit';
import { idOf, kindOfPath, type KindDef } from './paths';
import { useCategoryLabels } from './use-category';
import './public-info.css';

function MyReport({ k, id }: { k: KindDef; id: number }) {
  const navigate = useNavigate();
  const mine = useRequest(() => publicInfoService.myReports({ parentId: id, skipCount: 0, maxResultCount: 10 }), { refreshDeps: [id], onError: () => undefined });
  const remove = useAction((reportId: number) => publicInfoService.deleteReport(reportId), { confirm: '确认删除这篇学习心得？', danger: true, success: '学习心得已删除', onSuccess: () => mine.refresh() });
  const write = () => navigate(`${k.createReport}?id=${id}`);
  const reports = mine.data?.items ?? [];
  return (
    <section className="dj-info-reports" aria-labelledby="my-report" data-testid="my-report">
      <div className="dj-info-reports__head">
        <h3 id="my-report">我的学习心得</h3>
        {mine.data && !reports.length ? (
          <Button type="primary" icon={<EditOutlined />} onClick={write}>
            写学习心得
          </Button>
        ) : null}
      </div>
      {mine.loading && !mine.data ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {mine.data && !reports.length ? <p className="dj-info-reports__none">您还没有写过本文的学习心得。</p> : null}
      {reports.map((r) => (
        <article key={r.id} className="dj-info-report">
          <div className="dj-info-report__head">
            <strong>{r.title}</strong>
            <span className="dj-info-report__time">{formatPlatform(r.lastModificationTime ?? r.creationTime, MINUTE_FORMAT)}</span>
            <Space className="dj-info-report__actions">
              <Button size="small" icon={<EditOutlined />} onClick={write}>
                修改
              </Button>
              <Button size="small" danger icon={<DeleteOutlined />} loading={remove.running?.[0] === r.id} onClick={() => void remove.run(r.id)}>
                删除
              </Button>
            </Space>
          </div>
          <Value col={{ field: 'content', valueType: 'html' }} record={r as unknown as Record<string, unknown>} />
        </article>
      ))}
    </section>
  );
}

export default function PublicInfoPage() {
  const { pathname } = useLocation();
  const k = kindOfPath(pathname);
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const labels = useCategoryLabels();
  const req = useRequest(() => publicInfoService.get(id), { ready: id > 0, refreshDeps: [id], onError: () => undefined });
  const a = req.data;

  let body;
  if (!id || (!a && req.error)) {
    const missing = !id || (req.error as { status?: number } | undefined)?.status === 404;
    body = missing ? (
      <Result status="404" title="信息不存在或已删除" />
    ) : (
      <Result status="warning" title="加载失败" extra={<Button onClick={req.refresh}>重新加载</Button>} />
    );
  } else if (!a) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else
    body = (
      <>
        <article className="dj-info-article" data-testid="info-article">
          <h3 className="dj-info-article__title">{a.title}</h3>
          <div className="dj-info-article__meta">
            <span>发布单位：{a.organName}</span>
            <span>发布日期：{a.publishDate ? formatPlatform(a.publishDate) : formatPlatform(a.creationTime)}</span>
            {a.source ? <span>来源：{a.source}</span> : null}
            {a.category && labels[a.category] ? <span>类别：{labels[a.category]}</span> : null}
          </div>
          {a.summary ? <p className="dj-info-article__summary">{a.summary}</p> : null}
          <div className="dj-info-article__content">
            <Value col={{ field: 'content', valueType: 'html' }} record={a as unknown as Record<string, unknown>} />
          </div>
        </article>
        {k.createReport ? <MyReport k={k} id={a.id} /> : null}
      </>
    );

  return (
    <MemberPage className="dj-info-page" title={`${k.title}详情`} back={k.list}>
      {body}
    </MemberPage>
  );
}
