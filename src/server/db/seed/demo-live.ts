import { calendarDay, zoneMinute } from '../../../contract/platform-time';
import { addDays, bulkMembersUnder, type DemoSeedInput } from './demo-volunteer';
import { insertChunked, type Db } from './util';

/**
 * Demo live rooms of 温江区 (schemas/live-room.json), approved and enabled, reaching the district's
 * members (no scope organisations: the room's own subtree): one live now, one tomorrow, one a week
 * ago. With no live server configured they play the resource library's sample video (the showcase
 * 微党课), so the hall works on `npm start`. The past room has viewers (bulk members of the
 * district, never the named accounts: the API tests start `member` outside every room).
 */
const WENJIANG = '中共成都市温江区委员会';
const VIDEO = '微党课：新时代党员的初心使命';

export async function seedLiveRooms(db: Db, input: DemoSeedInput & { ownerUserId: number | null; auditorUserId: number | null }): Promise<number> {
  const district = input.orgs.find((o) => o.organName === WENJIANG);
  if (!district) return 0;
  const video = await db.selectFrom('resources').select(['id', 'name']).where('name', '=', VIDEO).where('resourceType', '=', 1).orderBy('id').executeTakeFirst();
  const tz = input.timeZone;
  const today = calendarDay(input.now, tz);
  // live now: started half an hour ago (wall clock of the platform zone), three hours long
  const minute = (offsetMinutes: number) => zoneMinute(new Date(input.now.getTime() + offsetMinutes * 60_000), tz);
  const rooms = [
    { title: '学习贯彻党的二十大精神专题直播', uname: '陈晓燕', startTime: minute(-30), endTime: minute(150), description: '区委宣讲团成员解读党的二十大精神，党员在线收看。', viewers: 0 },
    { title: '新时代基层党建工作经验交流', uname: '王建国', startTime: `${addDays(today, 1)} 15:00`, endTime: `${addDays(today, 1)} 16:30`, description: '优秀社区党组织书记分享基层治理经验。', viewers: 0 },
    { title: '微党课：新时代党员的初心使命（回放）', uname: '李华', startTime: `${addDays(today, -7)} 09:30`, endTime: `${addDays(today, -7)} 11:00`, description: '上周专题直播的回放。', viewers: 12 },
  ];
  const people = bulkMembersUnder(input, district.organPath);
  const viewers: Record<string, unknown>[] = [];
  for (const [k, r] of rooms.entries()) {
    const watching = people.filter((_, i) => i % 5 === k).slice(0, r.viewers);
    const row = await db
      .insertInto('records')
      .values({
        entity: 'liveRoom', organId: district.id, organPath: district.organPath, organLevel: district.organLevel, ownerUserId: input.ownerUserId,
        auditStatus: 1, auditorUserId: input.auditorUserId, auditTime: input.now, participantCount: watching.length, sort: k,
        data: JSON.stringify({ title: r.title, uname: r.uname, startTime: r.startTime, endTime: r.endTime, deviceType: 1, description: r.description, resourceId: video ? Number(video.id) : null, resourceName: video?.name ?? null }),
        creatorUserId: input.ownerUserId, creationTime: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    watching.forEach((p) => viewers.push({ recordId: row.id, userId: p.userId, organId: p.m.org.id, organPath: p.m.org.organPath, status: 1 }));
  }
  await insertChunked(db, 'recordParticipants', viewers);
  return rooms.length;
}
