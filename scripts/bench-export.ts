/**
 * Export of a big list: the server's resident memory while ExportService streams N rows
 * of a list as XLSX, for two sizes of list — if the export held the whole list, the growth would
 * follow N. Runs the real server (PGlite, demo seed) in a child process and samples its RSS from
 * /proc every 20 ms while the client reads the download.
 * Run: npx tsx scripts/bench-export.ts   (BENCH_SIZES=10000,100000)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { xlsxStream, type Cell } from '../src/server/xlsx/xlsx';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const freePort = () => new Promise<number>((res) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as any).port; s.close(() => res(p)); }); });
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function start(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('演示数据') && resolve(child));
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

async function workbook(prefix: string, rows: number, offset: number) {
  async function* batches(): AsyncGenerator<Cell[][]> {
    for (let i = 0; i < rows; i += 1000) yield Array.from({ length: Math.min(1000, rows - i) }, (_, j) => [`${prefix}${offset + i + j}`, 2026, '培训计划', '2026-03-01', '2026-12-31', '全体党员']);
  }
  const chunks: Buffer[] = [];
  for await (const c of xlsxStream({ sheetName: '导入', header: ['计划名称', '年度', '计划类别', '开始日期', '结束日期', '培训对象'], batches: batches() })) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'party-bench-export-'));
  const max = Math.max(...SIZES);
  const server = await start({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', IMPORT_MAX_ROWS: '50000', EXPORT_MAX_ROWS: String(max) });
  const base = `http://127.0.0.1:${port}`;
  const json = async (path: string, init: RequestInit & { token?: string } = {}) =>
    (await fetch(base + path, { ...init, headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.headers ?? {}) } })).json();
  try {
    const login = await json('/api/TokenAuth/Sigin', { method: 'POST', body: JSON.stringify({ userName: 'districtadmin', password: 'Demo@123456' }) });
    const token = login.result.accessToken as string;
    const organs = await json('/api/services/app/UserService/GetUserManageOrgan', { token });
    await json(`/api/TokenAuth/UserChangeRole?roleId=${organs.result[0].roleId}&organId=${organs.result[0].organId}`, { token });
    // one list per size (a title prefix tells them apart), filled through the import API, 50,000 rows a file
    const prefix = (size: number) => `导出测试${size}号计划`;
    for (const size of SIZES) {
      for (let done = 0; done < size; done += 50000) {
        const form = new FormData();
        form.append('file', new Blob([await workbook(prefix(size), Math.min(50000, size - done), done)]), '导入.xlsx');
        const up = await (await fetch(`${base}/file/Upload?project=LyProduct&AttachClass=4`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json();
        const imp = await json('/api/services/app/TeachingPlanService/Import', { method: 'POST', token, body: JSON.stringify({ fileId: up.result.id }) });
        if (!imp.success) throw new Error(JSON.stringify(imp.error));
      }
    }
    const columns = encodeURIComponent(JSON.stringify([{ field: 'title', title: '计划名称' }, { field: 'year', title: '年度' }, { field: 'planType', title: '计划类别', options: [{ label: '培训计划', value: 'training' }] }, { field: 'startDate', title: '开始日期', valueType: 'date' }, { field: 'organName', title: '制定组织' }]));
    console.log('| rows | time | rows/s | file | server RSS before | peak during | growth |');
    console.log('|---|---|---|---|---|---|---|');
    for (const size of SIZES) {
      await new Promise((r) => setTimeout(r, 1000));
      (global as any).gc?.();
      const before = rssMb(server.pid!);
      let peak = before;
      const timer = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 20);
      const t0 = performance.now();
      const res = await fetch(`${base}/api/services/app/ExportService/Export?call=TeachingPlanService/PageList&title=${encodeURIComponent(prefix(size))}&columns=${columns}&fileName=bench`, { headers: { authorization: `Bearer ${token}` } });
      let bytes = 0;
      let rows: number;
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
      }
      const ms = performance.now() - t0;
      clearInterval(timer);
      rows = Number(res.headers.get('x-export-total'));
      console.log(`| ${rows.toLocaleString('en')} | ${(ms / 1000).toFixed(1)} s | ${Math.round((rows / ms) * 1000).toLocaleString('en')} | ${(bytes / 1048576).toFixed(1)} MB | ${before.toFixed(0)} MB | ${peak.toFixed(0)} MB | ${(peak - before).toFixed(0)} MB |`);
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
