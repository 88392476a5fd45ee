/**
 * 学习考核's requirement of the year (考核设置): what his organisation (or the nearest
 * one above that set it) requires, and his progress — the server's figures, over this platform
 * year's 学时 (which may differ from the all-time totals above it).
 */
import { Progress, Skeleton, Tag } from 'antd';
import { useRequest } from 'ahooks';
import { examinationService, fmtHours, fmtPercent } from '../../api/study';

export default function AssessProgress() {
  const { data, loading, error } = useRequest(() => examinationService.mine(), { onError: () => undefined });
  if (error) return null;
  if (loading || !data) return <div className="dj-assess__goal"><Skeleton active paragraph={{ rows: 1 }} /></div>;
  return (
    <section className="dj-assess__goal" aria-label={`${data.year}年度学时要求`}>
      <div className="dj-assess__goal-head">
        <h3>{data.year}年度学时要求</h3>
        {data.rule ? <Tag color={data.isPassed ? 'green' : 'red'}>{data.isPassed ? '已达标' : '未达标'}</Tag> : null}
      </div>
      {data.rule ? (
        <>
          <Progress percent={data.completionRate} format={(p) => fmtPercent(p)} strokeColor="#c8161d" aria-label="学时完成率" />
          <p className="dj-assess__goal-text">
            应修 <b>{fmtHours(data.requiredHours)}</b> 学时（线上 {fmtHours(data.rule.onlinePassPeriodForYear)}、线下 {fmtHours(data.rule.offlinePassPeriodForYear)}）；
            本年度已修 线上 {fmtHours(data.onlineHours)}、线下 {fmtHours(data.offlineHours)} 学时。
            <span className="dj-assess__goal-source">要求由{data.rule.organName}设置</span>
          </p>
        </>
      ) : (
        <p className="dj-assess__goal-text">本年度尚未设置学时要求。本年度已修 线上 {fmtHours(data.onlineHours)}、线下 {fmtHours(data.offlineHours)} 学时。</p>
      )}
    </section>
  );
}
