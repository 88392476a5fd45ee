import { calendarDay } from '../../../contract/platform-time';
import { monthlyDues, PAY_STATUS, type DuesBase } from '../../../contract/party-dues';
import { WENJIANG_BRANCH } from './accounts';
import type { OrgSeed } from './organisations';
import type { Db } from './util';

/**
 * Demo 党费 of the 凤凰社区 branch (`member`'s; `branchadmin` administers it), so 党费管理 and 党费缴纳
 * are not empty on `npm start`: every member of the branch has a base for the seed's year (in turn
 * 在职 of each band, 离退休 and the fixed amount), the first members have paid up to last month
 * (confirmed by the branch), one payment waits for confirmation, the others owe (欠缴名单), and the
 * branch has one expenditure. `member` has paid up to the month before last, so the last month and
 * this one are open for him to pay. Deterministic: members in id order, fixed amounts.
 */
const BASES: DuesBase[] = [
  { category: 'job', incomeFen: 420_000 },
  { category: 'job', incomeFen: 685_050 },
  { category: 'job', incomeFen: 285_000 },
  { category: 'retire', incomeFen: 380_000 },
  { category: 'job', incomeFen: 1_250_000 },
  { category: 'fixed', fixedFen: 50 },
  { category: 'retire', incomeFen: 520_000 },
];

export async function seedPartyDues(trx: Db, opts: { orgs: OrgSeed[]; userIdByName: Map<string, number>; now: Date; timeZone: string }) {
  const branch = opts.orgs.find((o) => o.organName === WENJIANG_BRANCH);
  if (!branch) return;
  const day = calendarDay(opts.now, opts.timeZone);
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const memberUser = opts.userIdByName.get('member');
  const adminUser = opts.userIdByName.get('branchadmin') ?? null;
  const admin = adminUser ? await trx.selectFrom('users').select('name').where('id', '=', adminUser).executeTakeFirst() : undefined;
  const members = await trx
    .selectFrom('partyMembers')
    .select(['id', 'userId', 'name', 'organId', 'organPath'])
    .where('organId', '=', branch.id)
    .where('isDeleted', '=', false)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  const at = new Date(opts.now.getTime() - 86_400_000);
  // nobody decides his own case (docs/SECURITY.md): the branch administrator's own base and payments are the district's
  const aboveUser = opts.userIdByName.get('districtadmin') ?? null;
  const above = aboveUser ? await trx.selectFrom('users').select('name').where('id', '=', aboveUser).executeTakeFirst() : undefined;
  const deciderOf = (userId: number | null) => (userId != null && userId === adminUser ? { id: aboveUser, name: above?.name ?? null } : { id: adminUser, name: admin?.name ?? null });

  let others = 0;
  for (const [i, m] of members.entries()) {
    const isDemoMember = m.userId === memberUser;
    const base: DuesBase = isDemoMember ? { category: 'job', incomeFen: 560_000 } : BASES[i % BASES.length];
    const { band, monthlyFen } = monthlyDues(base);
    const decider = deciderOf(m.userId);
    const setBy = { setByUserId: decider.id, setByName: decider.name };
    const baseIncome = base.category === 'fixed' ? null : base.incomeFen;
    await trx
      .insertInto('partyDuesBases')
      .values({ memberId: m.id, userId: m.userId, organId: m.organId, organPath: m.organPath, year, category: base.category, baseIncome, band: band.value, monthlyAmount: monthlyFen, ...setBy, creationTime: at })
      .execute();
    await trx
      .insertInto('partyDuesBaseChanges')
      .values({ memberId: m.id, organPath: m.organPath, year, newCategory: base.category, newBaseIncome: baseIncome, newBand: band.value, newMonthlyAmount: monthlyFen, remark: '年初核定', changedByUserId: decider.id, changedByName: decider.name, creationTime: at })
      .execute();
    if (!m.userId) continue;

    // who paid what: `member` up to the month before last; three others up to last month; one waits for confirmation
    let paid: number[] = [];
    let status: number = PAY_STATUS.confirmed;
    if (isDemoMember) paid = range(1, month - 2);
    else if (others < 3) paid = range(1, month - 1);
    else if (others === 3) {
      paid = [month];
      status = PAY_STATUS.pending;
    }
    if (!isDemoMember) others++;
    if (!paid.length) continue;
    const payment = await trx
      .insertInto('partyDuesPayments')
      .values({
        idempotencyKey: `demo-dues-${m.id}-${year}`,
        memberId: m.id,
        userId: m.userId,
        memberName: m.name,
        organId: m.organId,
        organPath: m.organPath,
        year,
        months: paid.join(','),
        amount: monthlyFen * paid.length,
        channel: 'offline',
        status,
        ...(status === PAY_STATUS.confirmed ? { confirmUserId: decider.id, confirmName: decider.name, confirmTime: at } : {}),
        creationTime: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('partyDuesPaymentMonths')
      .values(paid.map((p) => ({ paymentId: payment.id, memberId: m.id, year, month: p, amount: monthlyFen, status })))
      .execute();
  }

  await trx
    .insertInto('partyDuesPayouts')
    .values({ organId: branch.id, organPath: branch.organPath, payDate: `${day.slice(0, 8)}01`, amount: 60_000, purpose: '走访慰问生活困难党员', handler: admin?.name ?? '支部书记', remark: '慰问2户，每户300元', creatorUserId: adminUser, creationTime: at })
    .execute();
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
