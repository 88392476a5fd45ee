#!/bin/bash
# Peak memory of a first start on the embedded database: `npm start`'s server on a fresh DATA_DIR
# (SKIP_CLIENT_BUILD=1) until it logs 已启动 — its own peak (VmHWM) and the peak RSS of it with its
# child processes (polled every 50 ms) — then its RSS 5 s later. Run from the repository root:
#   bash scripts/first-start-memory.sh        # PORT (18777)
set -u
D=$(mktemp -d); LOG=$(mktemp); PORT=${PORT:-18777}
PORT=$PORT DATA_DIR=$D SKIP_CLIENT_BUILD=1 LOG_LEVEL=info node --import tsx src/server/main.ts > "$LOG" 2>&1 & pid=$!
tree=0; t0=$(date +%s)
while ! grep -q '已启动' "$LOG"; do
  if ! kill -0 $pid 2>/dev/null; then echo "the server stopped:"; tail -5 "$LOG"; exit 1; fi
  s=0; for p in $pid $(pgrep -P $pid); do r=$(awk '/VmRSS/{print $2}' /proc/$p/status 2>/dev/null); s=$((s + ${r:-0})); done
  [ $s -gt $tree ] && tree=$s
  sleep 0.05
done
echo "server VmHWM $(awk '/VmHWM/{print int($2/1024)}' /proc/$pid/status) MB; with its children, peak RSS $((tree / 1024)) MB; $(( $(date +%s) - t0 )) s to start"
sleep 5; echo "5 s later: server VmRSS $(awk '/VmRSS/{print int($2/1024)}' /proc/$pid/status) MB"
kill $pid; wait $pid 2>/dev/null; rm -rf "$D" "$LOG"
