import type { FlowDefinition } from '../../../../shared/flow/flow-types';
import { stepsInWalkOrder } from '../../../../shared/flow/walk-flow';
import { transitionInWords } from '../../../../shared/flow/transition-in-words';

export interface LaidNode {
  id: string;
  title: string;
  detail: string;
  row: number;
  x: number;
  y: number;
}

export interface LaidEdge {
  from: string;
  to: string;
  label: string;
  /** SVG path of the arrow's line. */
  d: string;
  labelX: number;
  labelY: number;
  /** Label anchored at its start (beside a straight arrow) or its end (left of a side lane). */
  anchor: 'start' | 'end';
}

export interface FlowLayout {
  nodes: LaidNode[];
  edges: LaidEdge[];
  width: number;
  height: number;
}

export const NODE = { width: 264, height: 48, gap: 34 } as const;
const LANE = 22;
const MARGIN = 12;
/** Room on the left of the boxes for the labels of arrows that run beside them. */
const LABEL_ROOM = 150;

/**
 * A vertical layered layout of the flow: one row per step in walk order (stepsInWalkOrder: every step below each
 * step that leads to it), an arrow to the next row straight down, an arrow that skips rows (or goes back) in a lane
 * on the left, lanes shared by arrows whose rows do not overlap. Each arrow carries its transition in words.
 */
export function layoutFlow(flow: FlowDefinition): FlowLayout {
  const order = stepsInWalkOrder(flow);
  const rowOf = new Map(order.map((id, i) => [id, i]));
  const lanesNeeded: Array<Array<[number, number]>> = [];
  const laneOf = (a: number, b: number) => {
    const [lo, hi] = a < b ? [a, b] : [b, a];
    let lane = lanesNeeded.findIndex((spans) => spans.every(([s, e]) => hi <= s || lo >= e));
    if (lane < 0) lane = lanesNeeded.push([]) - 1;
    lanesNeeded[lane].push([lo, hi]);
    return lane;
  };
  const side: Array<{ from: number; to: number; lane: number }> = [];
  for (const id of order) for (const t of flow.steps[id].next ?? []) {
    const from = rowOf.get(id)!;
    const to = rowOf.get(t.to);
    if (to !== undefined && to !== from + 1) side.push({ from, to, lane: laneOf(from, to) });
  }
  const lanes = lanesNeeded.length;
  const left = MARGIN + LABEL_ROOM + lanes * LANE;
  const top = (row: number) => MARGIN + row * (NODE.height + NODE.gap);
  const nodes: LaidNode[] = order.map((id, row) => {
    const step = flow.steps[id];
    return { id, title: step.title, detail: [step.kind, step.skippable ? 'skippable' : ''].filter(Boolean).join(' · '), row, x: left, y: top(row) };
  });
  const centre = left + NODE.width / 2;
  const edges: LaidEdge[] = [];
  for (const id of order) {
    const step = flow.steps[id];
    (step.next ?? []).forEach((t, index) => {
      const from = rowOf.get(id)!;
      const to = rowOf.get(t.to);
      if (to === undefined) return;
      const label = transitionInWords(step, index, flow.facts ?? {});
      if (to === from + 1) {
        const y1 = top(from) + NODE.height;
        const y2 = top(to);
        edges.push({ from: id, to: t.to, label, d: `M ${centre} ${y1} L ${centre} ${y2 - 2}`, labelX: centre + 8, labelY: (y1 + y2) / 2 + 4, anchor: 'start' });
        return;
      }
      const lane = side.find((s) => s.from === from && s.to === to)!.lane;
      const x = left - 10 - lane * LANE;
      const y1 = top(from) + NODE.height / 2 + 8;
      const y2 = top(to) + NODE.height / 2 - 8;
      edges.push({ from: id, to: t.to, label, d: `M ${left} ${y1} L ${x} ${y1} L ${x} ${y2} L ${left - 2} ${y2}`, labelX: x - 6, labelY: y1 + 16, anchor: 'end' });
    });
  }
  return { nodes, edges, width: left + NODE.width + MARGIN + 40, height: top(order.length) - NODE.gap + MARGIN };
}
