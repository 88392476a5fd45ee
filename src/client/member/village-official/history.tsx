/**
 * 村官申请记录 (/partyMember/partySpace/villageOfficial/history): my applications (MyApplyPageList)
 * with their state; one opens in a drawer (query `id`) with its audit history, the audit remark of a
 * rejection and the likes it earned.
 */
import { useRequest } from 'ahooks';
import { Button, Drawer, Result, Skeleton } from 'antd';
import { PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/request';
import { villageOfficialService, type VillageOfficial } from '../../api/village-official';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { MemberDetail, MemberList, MemberPage, StatusTag, useEntity, usePagedList } from '../kit';
import { VILLAGE } from './index';
import { postLabel } from './post-label';
import './village-official.css';

function ApplyDetail({ id }: { id: number }) {
  const req = useRequest(() => villageOfficialService.myGet(id, { silent: true }), { refreshDeps: [id], onError: () => undefined });
  if (req.error && !req.data) return <Result status="warning" title={req.error instanceof ApiError ? req.error.message : '加载失败'} extra={<Button onClick={req.refresh}>重新加载</Button>} />;
  if (!req.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const r = req.data;
  return (
    <MemberDetail
      entity="villageOfficial"
      record={r as unknown as Record<string, unknown>}
      column={1}
      sections={[
        {
          fields: [
            'auditStatus',
            { field: 'auditRemark', title: '审核意见', visibleWhen: [{ field: 'auditStatus', equals: 2 }] },
            'villageName',
            'post',
            'startDate',
            { field: 'organName', title: '所在组织' },
            { field: 'creationTime', title: '申请时间', valueType: 'dateTime' },
            { field: 'likeCount', title: '获赞数', valueType: 'number', visibleWhen: [{ field: 'auditStatus', equals: 1 }] },
            'photo',
            'introduction',
            'achievements',
          ],
        },
      ]}
      history={r.history ?? []}
      statusList="audit"
      historyTitle="审核记录"
    />
  );
}

export default function VillageHistory() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || 0;
  const { entity } = useEntity('villageOfficial');
  const list = usePagedList<VillageOfficial>((page) => villageOfficialService.myList(page));

  const setOpen = (id: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('id', String(id));
      else next.delete('id');
      return next;
    });

  return (
    <MemberPage
      title="村官申请记录"
      back={VILLAGE}
      backText="返回风采墙"
      className="dj-vo-page"
      extra={
        <Link to={`${VILLAGE}/create`}>
          <Button type="primary" icon={<PlusOutlined />}>新的申请</Button>
        </Link>
      }
    >
      <MemberList<VillageOfficial>
        list={list}
        empty="暂无申请记录"
        renderItem={(o) => (
          <button type="button" className="dj-vo-apply" data-testid="vo-apply" onClick={() => setOpen(o.id)}>
            <span className="dj-vo-apply__main">
              <span className="dj-vo-apply__title">
                {o.villageName} · {postLabel(entity, o.post)}
              </span>
              <span className="dj-vo-apply__meta">申请时间 {formatPlatform(o.creationTime, MINUTE_FORMAT)}{o.auditStatus === 1 ? ` · 获赞 ${o.likeCount}` : ''}</span>
              {o.auditStatus === 2 && o.auditRemark ? <span className="dj-vo-apply__remark">审核意见：{o.auditRemark}</span> : null}
            </span>
            <StatusTag list="audit" value={o.auditStatus} />
            <RightOutlined className="dj-vo-apply__arrow" />
          </button>
        )}
      />
      <Drawer open={openId > 0} width="min(640px, 100vw)" title="申请详情" destroyOnHidden onClose={() => setOpen(null)}>
        {openId > 0 ? <ApplyDetail id={openId} /> : null}
      </Drawer>
    </MemberPage>
  );
}
