/** Sum of the percentages in a list, rounded to cents of a percent (0.01 steps). */
export function totalPercent(items: Array<Record<string, unknown>>, field: string): number {
  const sum = items.reduce((acc, item) => acc + (typeof item[field] === 'number' ? (item[field] as number) : Number(item[field]) || 0), 0);
  return Math.round(sum * 100) / 100;
}

/** Chip colour: green at exactly 100, red above, amber below (spec 4). */
export function totalColor(total: number, target = 100): 'success' | 'error' | 'warning' {
  if (total === target) return 'success';
  return total > target ? 'error' : 'warning';
}

/** The 100% rule: the list may be empty, otherwise its total must be exactly the target. */
export function isTotalAcceptable(items: Array<Record<string, unknown>>, field: string, target = 100): boolean {
  return items.length === 0 || totalPercent(items, field) === target;
}
