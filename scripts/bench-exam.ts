/**
 * Saving answers during an exam: BENCH_MEMBERS members of one city take the same paper
 * within one minute, on PostgreSQL.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/bench-exam.ts
 *   BENCH_MEMBERS (2000), BENCH_RATE (500 saves/s), BENCH_SECONDS (60), BENCH_SUBMIT_SECONDS (15: the
 *   last part of the run in which every member submits), BENCH_CITY (成都市), BENCH_SOCKETS (256),
 *   BENCH_PROFILE=<dir> (CPU profile of the server), BENCH_KEEP=1 (keep the database)
 *
 * In a fresh database (BENCH_DATABASE_URL or TEST_DATABASE_URL's server) the real server starts
 * (migrations, demo seed with the bank 党章党规与党史知识题库). Then, with SQL: BENCH_MEMBERS
 * member-role accounts over the branches of the city, each with a party_members row (status 1), a
 * server-side session and a token signed as the server signs them; one ordinary paper of 20
 * questions of the bank (6 single, 4 multiple choice, 4 true/false, 4 blanks, 2 short answers), open
 * now, 60 minutes, one attempt, assigned to the city (exam_papers, exam_paper_questions,
 * exam_paper_organs). Every member starts it (GetPaperQuestionByPaperId, all at once through the
 * sockets). Then an open-loop schedule: SubmitPaperAnswer saves of one answer each, due at
 * k / BENCH_RATE over BENCH_SECONDS, round-robin over the members who have not yet submitted, each
 * member's next question in turn (past the 20th he changes earlier answers), about 60 % right; and
 * every member's submit (isSubmit) due evenly over the last BENCH_SUBMIT_SECONDS, his last save at
 * least a second before. Like the browser's outbox, a member sends one request at a time: his next
 * waits for the answer to his previous one. Latency counts from the due time.
 *
 * Afterwards the database must hold what was answered: every answered question's last answer in
 * exam_answers, every attempt closed by its member with the score the server's own scoring gives
 * the answers sent (src/server/exam/scoring.ts), 待阅卷 (the short answers wait for a mark).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { RawClient, bulkMembers, dbCpu, freePort, freshDatabase, loadAverage, newSecret, openLoop, pct, procCpu, start, stop, type Answer } from './bench-kit';
import { LETTERS, round1, scoreAnswer, type SheetQuestion } from '../src/server/domains/exam/scoring';

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!pgUrl) throw new Error('bench-exam needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)');
const N = Number(process.env.BENCH_MEMBERS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const DURATION = Number(process.env.BENCH_SECONDS ?? 60);
const SUBMIT_WINDOW = Number(process.env.BENCH_SUBMIT_SECONDS ?? 15);
const CITY = process.env.BENCH_CITY ?? '成都市';
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 256);
/** questions of the paper per type (single, multiple, true/false, blanks, short) */
const PER_TYPE: [number, number][] = [[1, 6], [2, 4], [3, 4], [4, 4], [5, 2]];
const SCORES = { single: 5, multiple: 5, judge: 5, blank: 5, short: 10 };
/** a member's last save comes at least this long before his submit */
const MARGIN_MS = 1000;
const S = '/api/services/app/ExamPaperService';

const t00 = Date.now();
const step = (what: string) => console.log(`${((Date.now() - t00) / 1000).toFixed(1).padStart(6)} s  ${what}`);

/** A small deterministic generator (mulberry32), so runs answer alike. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An answer to a question in the member's shape: right with probability 0.6, otherwise wrong. */
function answerTo(q: SheetQuestion, r: () => number): unknown {
  const right = r() < 0.6;
  const n = q.options.length;
  switch (q.type) {
    case 1: {
      const i = q.options.findIndex((o) => o.isRight);
      return LETTERS[right ? i : (i + 1 + Math.floor(r() * (n - 1))) % n];
    }
    case 2: {
      const want = q.options.flatMap((o, i) => (o.isRight ? [LETTERS[i]] : []));
      return right ? want : want.length > 1 ? want.slice(1) : [LETTERS[(LETTERS.indexOf(want[0]) + 1) % n]];
    }
    case 3:
      return right ? q.judgeAnswer : !q.judgeAnswer;
    case 4:
      return (q.blankAnswers ?? []).map((alts) => (right ? alts[0] : '不知道'));
    default:
      return `第${Math.floor(r() * 1000)}次作答：党员要牢记初心使命。`;
  }
}

const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? { n: s.length, p50: pct(s, 0.5), p99: pct(s, 0.99), max: s[s.length - 1] } : { n: 0, p50: NaN, p99: NaN, max: NaN };
};
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : '—');

const fresh = await freshDatabase(pgUrl, 'bench_exam');
const secret = newSecret();
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'party-bench-exam-'));
const loadBefore = loadAverage();
const server = await start('src/server/main.ts', { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: fresh.url, SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', JWT_SECRET: secret }, '演示数据');
step('server up (migrated, demo seed)');
const c = new pg.Client({ connectionString: fresh.url });
await c.connect();
let failed = false;
try {
  const city = (await c.query(`select id, organ_path from organizations where organ_level = 2 and (organ_name = $1 or short_name = $1 || '委' or organ_name = '中共' || $1 || '委员会')`, [CITY])).rows[0];
  if (!city) throw new Error(`no city ${CITY}`);
  const leaves = `select id from organizations where organ_level = (select max(organ_level) from organizations) and organ_path like '${String(city.organ_path).replace(/'/g, "''")}%'`;
  const branches = Number((await c.query(`select count(*) from (${leaves}) s`)).rows[0].count);
  const { ids, tokens } = await bulkMembers(c, { n: N, secret, prefix: 'exam', display: '考试党员', organSql: leaves, partyMembers: true });
  step(`${N} members of ${CITY} (${branches} branches) with party records, sessions and tokens`);

  // the paper: 20 questions of the demo bank, open now, assigned to the city
  const bank = Number((await c.query(`select id from exam_libraries where libary_name = '党章党规与党史知识题库'`)).rows[0].id);
  const province = (await c.query('select id, organ_path from organizations where parent_id is null order by id limit 1')).rows[0];
  const paper = Number((await c.query(`insert into exam_papers (paper_name, paper_type, description, begin_time, end_time, test_time, test_count, pass_score,
      single_choice_score, multiple_choice_score, juge_score, blank_score, short_score, show_answer, organ_id, organ_path)
    values ('基准考试：党章党规与党史', 1, 'bench-exam', now() - interval '1 hour', now() + interval '3 hours', 60, 1, 60, $1, $2, $3, $4, $5, 1, $6, $7) returning id`,
  [SCORES.single, SCORES.multiple, SCORES.judge, SCORES.blank, SCORES.short, province.id, province.organ_path])).rows[0].id);
  const picked: SheetQuestion[] = [];
  const typeScore = [0, SCORES.single, SCORES.multiple, SCORES.judge, SCORES.blank, SCORES.short];
  for (const [type, n] of PER_TYPE) {
    const rows = (await c.query(`select id, type, title, difficulty, libary_id, options, judge_answer, blank_answers, reference_answer, analysis
      from exam_questions where libary_id = $1 and type = $2 and not is_deleted order by id limit $3`, [bank, type, n])).rows;
    if (rows.length < n) throw new Error(`the bank has ${rows.length} questions of type ${type}, ${n} wanted`);
    for (const r of rows) picked.push({ id: r.id, type: r.type, title: r.title, score: typeScore[type], difficulty: r.difficulty, libaryId: r.libary_id, options: r.options ?? [], judgeAnswer: r.judge_answer, blankAnswers: r.blank_answers, referenceAnswer: r.reference_answer, analysis: r.analysis });
  }
  await c.query(`insert into exam_paper_questions (paper_id, question_id, sort) select $1, q, o from unnest($2::int[]) with ordinality as x(q, o)`, [paper, picked.map((q) => q.id)]);
  await c.query('insert into exam_paper_organs (paper_id, organ_id, organ_path) values ($1, $2, $3)', [paper, city.id, city.organ_path]);
  const Q = picked.length;
  const byId = new Map(picked.map((q) => [q.id, q]));
  step(`paper ${paper}: ${Q} questions (${PER_TYPE.map(([t, n]) => `${n}×type ${t}`).join(', ')}), assigned to ${CITY}`);

  const client = new RawClient(port, SOCKETS);
  await client.ready();

  // every member starts the paper
  const resultIds = new Int32Array(N);
  const sheets: number[][] = [];
  const startLat: number[] = [];
  const tStart = performance.now();
  let startErrors = 0;
  await Promise.all(ids.map(async (_, m) => {
    const t = performance.now();
    const a = await client.request('GET', `${S}/GetPaperQuestionByPaperId?paperId=${paper}`, tokens[m]);
    startLat.push(performance.now() - t);
    if (a.status !== 200 || !a.result?.resultId || a.result.questions?.length !== Q) { if (startErrors++ < 3) console.log('start failed', a.status, JSON.stringify(a.error ?? a.result).slice(0, 300)); return; }
    resultIds[m] = a.result.resultId;
    sheets[m] = a.result.questions.map((q: { id: number }) => q.id);
  }));
  const startWall = (performance.now() - tStart) / 1000;
  const st = summary(startLat);
  step(`${N - startErrors} members started the paper in ${startWall.toFixed(1)} s (${(N / startWall).toFixed(0)}/s, all at once over ${SOCKETS} sockets: p50 ${ms(st.p50)}, p99 ${ms(st.p99)})`);
  if (startErrors) throw new Error(`${startErrors} members could not start the paper`);

  // the schedule: saves at RATE over [0, DURATION − MARGIN), submits over the last SUBMIT_WINDOW seconds
  const submitAt = Array.from({ length: N }, (_, m) => (DURATION - SUBMIT_WINDOW + (SUBMIT_WINDOW * (m + 1)) / N) * 1000);
  type Job = { due: number; m: number; body: string; submit: boolean };
  const jobs: Job[] = [];
  const given = Array.from({ length: N }, () => new Map<number, unknown>()); // what each member's saves said, last wins
  const nth = new Int32Array(N);
  const r = rng(13);
  let rr = 0;
  let lo = 0;
  const saveCount = Math.floor(RATE * (DURATION - MARGIN_MS / 1000));
  for (let k = 0; k < saveCount; k++) {
    const due = (k * 1000) / RATE;
    while (lo < N && submitAt[lo] < due + MARGIN_MS) lo++;
    if (lo >= N) break;
    const m = lo + (rr++ % (N - lo));
    const qid = sheets[m][nth[m]++ % Q];
    const answer = answerTo(byId.get(qid)!, r);
    jobs.push({ due, m, submit: false, body: JSON.stringify({ resultId: resultIds[m], answers: [{ questionId: qid, answer, marked: r() < 0.05 }] }) });
  }
  for (let m = 0; m < N; m++) jobs.push({ due: submitAt[m], m, submit: true, body: JSON.stringify({ resultId: resultIds[m], answers: [], isSubmit: true }) });
  jobs.sort((a, b) => a.due - b.due || Number(a.submit) - Number(b.submit));
  const saves = jobs.filter((j) => !j.submit).length;
  // the answers of a member's saves, in the order sent, to know afterwards what the database must hold
  const answerOf = (j: Job) => JSON.parse(j.body).answers[0] as { questionId: number; answer: unknown };

  const chain: Promise<unknown>[] = Array.from({ length: N }, () => Promise.resolve());
  const saveLat: number[] = [];
  const submitLat: number[] = [];
  const windows: number[][] = [];
  const errors: Record<string, number> = {};
  const scoreAnswered = new Map<number, number>();
  const fail = (what: string, a: Answer) => { const key = `${what} ${a.status} ${a.error?.message ?? ''}`; errors[key] = (errors[key] ?? 0) + 1; };
  step(`schedule: ${saves} saves at ${RATE}/s over ${((saves / RATE)).toFixed(1)} s, ${N} submits over the last ${SUBMIT_WINDOW} s of ${DURATION} s`);
  const cpu0 = { server: procCpu(server.pid!), db: await dbCpu(c, fresh.name), bench: process.cpuUsage() };
  const t0 = performance.now() + 500;
  const run = await openLoop<Answer>({
    count: jobs.length, t0, backlog: (RATE + N / SUBMIT_WINDOW) * 10,
    dueMs: (k) => jobs[k].due,
    send: (k) => {
      const j = jobs[k];
      const p = chain[j.m].then(() => client.request('POST', `${S}/SubmitPaperAnswer`, tokens[j.m], j.body));
      chain[j.m] = p;
      return p;
    },
    done: (k, lat, due, a) => {
      const j = jobs[k];
      if (j.submit) {
        submitLat.push(lat);
        if (a.status !== 200 || a.result?.score == null) fail('submit', a);
        else scoreAnswered.set(j.m, Number(a.result.score));
      } else {
        saveLat.push(lat);
        (windows[Math.floor((due - t0) / 10_000)] ??= []).push(lat);
        if (a.status !== 200 || a.result?.saved !== 1) fail('save', a);
        else { const x = answerOf(j); given[j.m].set(x.questionId, x.answer); }
      }
    },
  });
  const wall = (performance.now() - t0) / 1000;
  const cpu1 = { server: procCpu(server.pid!), db: await dbCpu(c, fresh.name), bench: process.cpuUsage(cpu0.bench) };
  const loadAfter = loadAverage();
  client.close();

  // what the database holds
  const db = (await c.query(`select
      (select count(*) from exam_answers a join exam_results r on r.id = a.result_id where r.paper_id = $1)::int as rows,
      (select count(*) from exam_answers a join exam_results r on r.id = a.result_id where r.paper_id = $1 and a.answer is not null)::int as answered,
      (select count(*) from exam_results where paper_id = $1)::int as attempts,
      (select count(*) from exam_results where paper_id = $1 and status in (2, 3) and closed_by = 1 and score is not null)::int as closed,
      (select count(*) from exam_results where paper_id = $1 and status = 1)::int as open`, [paper])).rows[0];
  const stored = new Map<string, unknown>();
  for (const row of (await c.query(`select r.user_id, a.question_id, a.answer from exam_answers a join exam_results r on r.id = a.result_id where r.paper_id = $1 and a.answer is not null`, [paper])).rows) stored.set(`${row.user_id}:${row.question_id}`, row.answer);
  // the scores of the closed attempts (an open one is counted above as open)
  const scores = new Map<number, number>((await c.query('select user_id, objective_score from exam_results where paper_id = $1 and status <> 1', [paper])).rows.map((x) => [Number(x.user_id), Number(x.objective_score)]));
  let expectAnswered = 0, answerMismatch = 0, scoreMismatch = 0, answeredMismatch = 0;
  const normal = (a: unknown) => JSON.stringify(Array.isArray(a) && a.every((x) => /^[A-H]$/.test(String(x))) ? [...new Set(a as string[])].sort() : a);
  for (let m = 0; m < N; m++) {
    expectAnswered += given[m].size;
    for (const [qid, a] of given[m]) if (normal(stored.get(`${ids[m]}:${qid}`)) !== normal(a)) answerMismatch++;
    const expected = round1(picked.reduce((s, q) => s + (scoreAnswer(q, (given[m].has(q.id) ? JSON.parse(normal(given[m].get(q.id))) : null) as any).score ?? 0), 0));
    if (scores.has(ids[m]) && scores.get(ids[m]) !== expected) scoreMismatch++;
    if (scoreAnswered.has(m) && scoreAnswered.get(m) !== expected) answeredMismatch++;
  }

  const sv = summary(saveLat);
  const sb = summary(submitLat);
  const cpuPct = (us: number) => `${((us / 1e6 / wall) * 100).toFixed(0)} %`;
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  console.log(`\nwindows of 10 s: saves, p50, p99 (ms)`);
  for (const [i, w] of windows.entries()) if (w) { const s = summary(w); console.log(`  ${i * 10}–${i * 10 + 10} s: ${s.n}  ${s.p50.toFixed(0)}  ${s.p99.toFixed(0)}`); }
  console.log(`\n| members | saves due/s | saves sustained/s | save p50 | save p99 | save max | submits | submit p50 | submit p99 | submit max | errors | CPU: server / PostgreSQL | load before / after |`);
  console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|---|`);
  console.log(`| ${N.toLocaleString()} | ${RATE} | ${(sv.n / (saves / RATE)).toFixed(0)} | ${ms(sv.p50)} | ${ms(sv.p99)} | ${ms(sv.max)} | ${sb.n} | ${ms(sb.p50)} | ${ms(sb.p99)} | ${ms(sb.max)} | ${errorCount} | ${cpuPct(cpu1.server - cpu0.server)} / ${cpuPct(cpu1.db - cpu0.db)} | ${loadBefore.split(' ')[0]} / ${loadAfter.split(' ')[0]} |`);
  console.log(`\n${run.count} of ${jobs.length} requests sent in ${wall.toFixed(1)} s (${saveLat.length} saves, ${submitLat.length} submits); load generator CPU ${cpuPct(cpu1.bench.user + cpu1.bench.system)}; load average before ${loadBefore}, after ${loadAfter}`);
  if (errorCount) console.log(`errors: ${JSON.stringify(errors)}`);
  console.log(`database: ${db.attempts} attempts, ${db.closed} closed by their member with a score, ${db.open} open; exam_answers ${db.rows} rows (${N} × ${Q} = ${N * Q} once all are closed), ${db.answered} answered (the saves answered ${expectAnswered} distinct questions)`);
  console.log(`checks: stored answers differing from the last save ${answerMismatch}; scores of closed attempts differing from the server's scoring of the answers sent ${scoreMismatch}; submit answers announcing another score ${answeredMismatch}`);
  if (run.count < jobs.length || errorCount || db.closed !== N || db.open || db.rows !== N * Q || db.answered !== expectAnswered || answerMismatch || scoreMismatch || answeredMismatch) {
    console.log('!! the run is not clean (see above)');
    failed = true;
  }
} finally {
  await c.end();
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
  await fresh.drop();
}
if (failed) process.exitCode = 1;
