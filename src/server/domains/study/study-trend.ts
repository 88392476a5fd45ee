import { sql } from 'kysely';
import { action } from '../../http/actions';
import { objectInput } from '../../http/paging';
import { subtreeRange } from '../../scope';
import { currentYear } from './examination';

/** 学时 with two decimals. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * 学时核查's trend (issue 34): the subtree's online and approved offline 学时 and the members who
 * studied, per month of a year — a statistics answer, drawn as a line by the statistics kind. Two
 * grouped queries over the year's study_days and offline_reports of the subtree's members.
 */
export const studyTrendActions = {
  MonthStatistics: action<{ organPath?: string; year?: number }>({
    method: 'GET',
    summary: '学时趋势（按月）：管理范围内党员某年度（默认当前年度）每月的线上学时、线下学时（已通过）与参学人数',
    access: { permission: 'Pages.OfflinePeriod' },
    returns: '{totals: {onlineHours, offlineHours, learners}, measures, rows: [{key, label, onlineHours, offlineHours, learners}]}',
    input: objectInput({ organPath: { type: 'string', maxLength: 500, pattern: '^/(\\d+/)*$', title: '党组织' }, year: { type: 'integer', minimum: 2000, maximum: 2100, title: '年度' } }),
    async handler(call) {
      const { ctx, input, user } = call;
      if (input.organPath) call.requireScope(input.organPath);
      const path = input.organPath || user.organPath!;
      const year = input.year ?? currentYear(ctx);
      const [from, to] = [`${year}-01-01`, `${year}-12-31`];
      const members = subtreeRange('pm.organPath', path);
      const [online, offline, yearLearners] = await Promise.all([
        sql<{ m: number; seconds: string; learners: string }>`
          select extract(month from d.day::date)::int as m, sum(d.seconds) as seconds, count(distinct d.user_id) as learners
          from study_days d join party_members pm on pm.user_id = d.user_id
          where d.day between ${from} and ${to} and not pm.is_deleted and pm.status = 1 and ${members}
          group by 1`.execute(ctx.db),
        sql<{ m: number; hours: string }>`
          select extract(month from f.study_date::date)::int as m, sum(f.hours) as hours
          from offline_reports f join party_members pm on pm.user_id = f.user_id
          where f.status = 1 and not f.is_deleted and f.study_date between ${from} and ${to} and not pm.is_deleted and pm.status = 1 and ${members}
          group by 1`.execute(ctx.db),
        sql<{ n: string }>`
          select count(distinct d.user_id) as n from study_days d join party_members pm on pm.user_id = d.user_id
          where d.day between ${from} and ${to} and not pm.is_deleted and pm.status = 1 and ${members}`.execute(ctx.db),
      ]);
      const on = new Map(online.rows.map((r) => [Number(r.m), r]));
      const off = new Map(offline.rows.map((r) => [Number(r.m), Number(r.hours)]));
      const rows = Array.from({ length: 12 }, (_, i) => {
        const m = i + 1;
        return {
          key: `${year}-${String(m).padStart(2, '0')}`,
          label: `${m}月`,
          onlineHours: round2(Number(on.get(m)?.seconds ?? 0) / 3600),
          offlineHours: round2(off.get(m) ?? 0),
          learners: Number(on.get(m)?.learners ?? 0),
        };
      });
      return {
        totals: {
          onlineHours: round2(rows.reduce((s, r) => s + r.onlineHours, 0)),
          offlineHours: round2(rows.reduce((s, r) => s + r.offlineHours, 0)),
          learners: Number(yearLearners.rows[0]?.n ?? 0),
        },
        measures: [
          { key: 'onlineHours', title: '线上学时' },
          { key: 'offlineHours', title: '线下学时' },
          { key: 'learners', title: '参学人数' },
        ],
        rows,
      };
    },
  }),
};
