/**
 * A PostgreSQL and a Redis of the test's own — never the machine's shared ones (5432, 6379, which
 * other tests use) — so that a test may stop and start them: PostgreSQL 15 from Debian's binaries
 * (initdb into a temporary directory, then `pg_ctl` on a free port; as the `postgres` user when the
 * test runs as root, which PostgreSQL refuses), redis-server on a free port without persistence.
 */
import { execFile, execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const hasOwnServices = () => existsSync(join(PG_BIN, 'initdb')) && spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;

/** the user PostgreSQL runs as: this one, or `postgres` when this one is root */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export interface OwnPostgres {
  url: string;
  port: number;
  /** fast shutdown: sessions are ended (57P01), new connections refused */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** initdb into `dir` (its parent must be traversable by the postgres user); `start()` runs it on `port`. */
export function ownPostgres(dir: string, port: number): OwnPostgres {
  const user = runAs();
  const data = join(dir, 'pgdata');
  mkdirSync(data, { recursive: true });
  chmodSync(dir, 0o755);
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chownSync(data, user.uid, user.gid);
  }
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(join(PG_BIN, cmd), args, { encoding: 'utf8', ...(user ?? {}), cwd: dir });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stdout}${r.stderr}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  // asynchronous, so that the test's requests keep flowing while pg_ctl waits
  const runAsync = (cmd: string, args: string[]) =>
    new Promise<void>((resolve, reject) =>
      execFile(join(PG_BIN, cmd), args, { encoding: 'utf8', ...(user ?? {}), cwd: dir }, (err, stdout, stderr) => (err ? reject(new Error(`${cmd} failed: ${stdout}${stderr}`)) : resolve())),
    );
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=60 -c shared_buffers=32MB`;
  const log = join(dir, 'postgres.log');
  const pg: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => runAsync('pg_ctl', ['-D', data, '-o', opts, '-l', log, '-w', '-t', '120', 'start']),
    stop: () => runAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '120', 'stop']),
  };
  return pg;
}

export const postgresLog = (dir: string) => (existsSync(join(dir, 'postgres.log')) ? readFileSync(join(dir, 'postgres.log'), 'utf8') : '');

export interface OwnRedis {
  url: string;
  start(): Promise<void>;
  /** SIGTERM: redis-server closes every connection and exits; it keeps nothing (no RDB, no AOF) */
  stop(): Promise<void>;
}

export function ownRedis(port: number): OwnRedis {
  let child: ChildProcess | null = null;
  const exited = (c: ChildProcess) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once('exit', () => r())));
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const c = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--protected-mode', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
      child = c;
      let out = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 60_000);
        c.stdout!.on('data', (d) => {
          out += d;
          if (out.includes('Ready to accept connections')) {
            clearTimeout(timer);
            resolve();
          }
        });
        c.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`redis-server exited (${code}): ${out}`));
        });
      });
    },
    async stop() {
      if (!child) return;
      const c = child;
      child = null;
      c.kill('SIGTERM');
      await exited(c);
    },
  };
}
