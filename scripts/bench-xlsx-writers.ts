/**
 * The XLSX writers side by side: 100,000 rows of an export (text, a number, a day as a date cell, a
 * time), autofilter and frozen header, written to a sink that only counts bytes — our streaming
 * writer (src/server/xlsx) against exceljs's streaming WorkbookWriter. Each runs in a child process
 * of its own; its peak RSS comes from /proc, sampled every 20 ms.
 * Run: npm install --prefix /tmp/exceljs-bench exceljs@4.4.0 && EXCELJS=/tmp/exceljs-bench/node_modules/exceljs npx tsx scripts/bench-xlsx-writers.ts
 * (ROWS=100000 by default)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createRequire } from 'node:module';
import { xlsxStream, type Cell } from '../src/server/xlsx/xlsx';

const ROWS = Number(process.env.ROWS ?? 100000);
const row = (i: number) => [`导出测试计划第${i}号`, 2026, '培训计划', `2026-${String((i % 12) + 1).padStart(2, '0')}-01`, '2026-03-01 08:30', '中共成都市温江区委员会'];
const HEADER = ['计划名称', '年度', '计划类别', '开始日期', '创建时间', '制定组织'];

async function ours() {
  let bytes = 0;
  async function* batches(): AsyncGenerator<Cell[][]> {
    for (let i = 0; i < ROWS; i += 1000) yield Array.from({ length: Math.min(1000, ROWS - i) }, (_, j) => row(i + j).map((v, k) => (k === 3 || k === 4 ? { date: String(v) } : v)));
  }
  await pipeline(xlsxStream({ sheetName: '导出', header: HEADER, autoFilter: true, batches: batches() }), new Writable({ write: (c, _e, cb) => ((bytes += c.length), cb()) }));
  return bytes;
}

async function exceljs() {
  const ExcelJS = createRequire(import.meta.url)(process.env.EXCELJS ?? 'exceljs');
  let bytes = 0;
  const sink = new Writable({ write: (c, _e, cb) => ((bytes += c.length), cb()) });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: true });
  const ws = wb.addWorksheet('导出', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = HEADER.map((h, k) => ({ header: h, key: `c${k}`, width: 16, style: k === 3 ? { numFmt: 'yyyy-mm-dd' } : k === 4 ? { numFmt: 'yyyy-mm-dd hh:mm' } : {} }));
  ws.autoFilter = { from: 'A1', to: 'F1' };
  for (let i = 0; i < ROWS; i++) {
    const r = row(i);
    ws.addRow([r[0], r[1], r[2], new Date(`${r[3]}T00:00:00Z`), new Date(`${String(r[4]).replace(' ', 'T')}:00Z`), r[5]]).commit();
    if (i % 1000 === 999) await new Promise((res) => setImmediate(res));
  }
  ws.commit();
  await wb.commit();
  return bytes;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

if (process.env.BENCH_WRITER) {
  const t0 = performance.now();
  const bytes = await (process.env.BENCH_WRITER === 'ours' ? ours() : exceljs());
  console.log(JSON.stringify({ ms: Math.round(performance.now() - t0), bytes }));
} else {
  console.log(`| writer (${ROWS} rows) | time | file | peak RSS |`);
  console.log('|---|---|---|---|');
  for (const w of ['ours', 'exceljs']) {
    const child = spawn(process.execPath, ['--import', 'tsx', process.argv[1]], { env: { ...process.env, BENCH_WRITER: w }, stdio: ['ignore', 'pipe', 'inherit'] });
    let peak = 0;
    const timer = setInterval(() => { try { peak = Math.max(peak, rssMb(child.pid!)); } catch { /* ended */ } }, 20);
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    await new Promise((res) => child.on('exit', res));
    clearInterval(timer);
    const r = JSON.parse(out.trim().split('\n').pop() || '{}');
    console.log(`| ${w === 'ours' ? 'src/server/xlsx (ours)' : 'exceljs 4.4.0 WorkbookWriter'} | ${(r.ms / 1000).toFixed(1)} s | ${(r.bytes / 1024 / 1024).toFixed(1)} MB | ${peak.toFixed(0)} MB |`);
  }
}
