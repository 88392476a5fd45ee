/** A line diff of two texts (longest common subsequence): what a version changed against another. */
export type DiffLine = { op: ' ' | '+' | '-'; text: string };

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // files of a few thousand lines at most: the quadratic table is small enough
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: ' ', text: a[i++] });
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) out.push({ op: '-', text: a[i++] });
    else out.push({ op: '+', text: b[j++] });
  }
  while (i < n) out.push({ op: '-', text: a[i++] });
  while (j < m) out.push({ op: '+', text: b[j++] });
  return out;
}

/** Only the changed lines with two lines of context around each change. */
export function changedOnly(diff: DiffLine[], context = 2): (DiffLine | null)[] {
  const keep = diff.map((d) => d.op !== ' ');
  const show = diff.map((_, i) => keep.slice(Math.max(0, i - context), i + context + 1).some(Boolean));
  const out: (DiffLine | null)[] = [];
  diff.forEach((d, i) => {
    if (show[i]) out.push(d);
    else if (out[out.length - 1] !== null) out.push(null);
  });
  return out;
}
