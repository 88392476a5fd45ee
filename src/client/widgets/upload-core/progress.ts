/**
 * Progress of a single-request upload. The one request wrapper runs on fetch, which reports no upload
 * progress; while the request is out the bar advances towards 90 % (a slowing estimate from the
 * file's size at an assumed 2 MB/s), then jumps to 100 % with the answer. Chunked uploads report
 * real progress (chunks sent).
 */
export function estimateProgress(size: number, onProgress: (percent: number) => void, tickMs = 200): () => void {
  const expectedMs = Math.max(400, (size / (2 * 1024 * 1024)) * 1000);
  const started = Date.now();
  const timer = setInterval(() => {
    const t = (Date.now() - started) / expectedMs;
    onProgress(Math.min(90, Math.round(90 * (1 - Math.exp(-2 * t)))));
  }, tickMs);
  return () => clearInterval(timer);
}

/** antd's item status → the spec's upload item status (core §4). */
export const itemStatus = (s?: string): 'finished' | 'failed' | 'active' => (s === 'done' ? 'finished' : s === 'error' ? 'failed' : 'active');
