/** The known name `name` is a near miss of (one or two letters added, dropped, changed or swapped), if any. */
export function nearMiss(name: string, known: readonly string[]): string | undefined {
  const distance = (a: string, b: string): number => {
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
    return d[a.length][b.length];
  };
  if (known.includes(name)) return undefined;
  let best: string | undefined;
  let bestDistance = 3;
  for (const k of known) {
    const dist = distance(name.toLowerCase(), k.toLowerCase());
    if (dist < bestDistance && dist < Math.max(2, k.length / 3)) [best, bestDistance] = [k, dist];
  }
  return best;
}
