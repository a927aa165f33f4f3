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
/** Width of a label in the diagram's 12 px type, near enough to leave it room. */
const labelWidth = (text: string) => Math.ceil(text.length * 6.6) + 10;

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
  // Room on the left of the lanes for the labels of the arrows that run in them.
  let labelRoom = 0;
  for (const id of order)
    (flow.steps[id].next ?? []).forEach((t, index) => {
      const from = rowOf.get(id)!;
      const to = rowOf.get(t.to);
      if (to === undefined || to === from + 1) return;
      side.push({ from, to, lane: laneOf(from, to) });
      labelRoom = Math.max(labelRoom, labelWidth(transitionInWords(flow.steps[id], index, flow.facts ?? {})));
    });
  const lanes = lanesNeeded.length;
  const left = MARGIN + labelRoom + lanes * LANE;
  // Labels beside the straight arrows start at the boxes' centre and may run past their right edge.
  let rightRoom = 0;
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
        rightRoom = Math.max(rightRoom, 8 + labelWidth(label) - NODE.width / 2);
        return;
      }
      const lane = side.find((s) => s.from === from && s.to === to)!.lane;
      const x = left - 10 - lane * LANE;
      const y1 = top(from) + NODE.height / 2 + 8;
      const y2 = top(to) + NODE.height / 2 - 8;
      edges.push({ from: id, to: t.to, label, d: `M ${left} ${y1} L ${x} ${y1} L ${x} ${y2} L ${left - 2} ${y2}`, labelX: x - 6, labelY: y1 + 16, anchor: 'end' });
    });
  }
  return { nodes, edges, width: left + NODE.width + Math.max(0, rightRoom) + MARGIN, height: top(order.length) - NODE.gap + MARGIN };
}
