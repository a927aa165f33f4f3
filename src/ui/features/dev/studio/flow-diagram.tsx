import { useMemo, type KeyboardEvent } from 'react';
import { Box, useTheme } from '@mui/material';
import type { FlowDefinition } from '../../../../shared/flow/flow-types';
import { layoutFlow, NODE } from './flow-layout';

interface FlowDiagramProps {
  flow: FlowDefinition;
  /** The persona's path (step ids in order): its boxes and arrows are highlighted. */
  path: string[];
  selected?: string;
  onSelect: (stepId: string) => void;
  /** Id of the element holding the text alternative (the ordered list of steps and transitions). */
  describedBy: string;
}

/**
 * The flow drawn as SVG (flow-layout.ts): boxes in walk order, each arrow labelled with its transition in words, the
 * persona's path in the primary colour, the others faded. Each box is a button (click, Enter or Space) that
 * previews its step.
 */
export default function FlowDiagram({ flow, path, selected, onSelect, describedBy }: FlowDiagramProps) {
  const theme = useTheme();
  const layout = useMemo(() => layoutFlow(flow), [flow]);
  const onPath = new Set(path);
  const pathEdges = new Set(path.slice(1).map((id, i) => `${path[i]}>${id}`));
  const main = theme.palette.primary.main;
  const muted = theme.palette.text.disabled;
  const keyed = (id: string) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(id);
    }
  };
  return (
    <Box sx={{ overflowX: 'auto', '& .studio-node:focus': { outline: 'none' }, '& .studio-node:focus-visible rect': { stroke: theme.palette.secondary.dark, strokeWidth: 4, strokeDasharray: '6 3' } }}>
      <svg
        role="group"
        aria-label={`${flow.title}: flow diagram`}
        aria-describedby={describedBy}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        width={layout.width}
        // Scaled to its column, but never so small that a phone cannot read it (the box scrolls sideways instead).
        style={{ width: '100%', minWidth: Math.min(layout.width, 420), maxWidth: layout.width, height: 'auto', fontFamily: theme.typography.fontFamily }}
      >
        <defs>
          {(['on', 'off'] as const).map((kind) => (
            <marker key={kind} id={`arrow-${kind}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" fill={kind === 'on' ? main : muted} />
            </marker>
          ))}
        </defs>
        {layout.edges.map((edge) => {
          const lit = pathEdges.has(`${edge.from}>${edge.to}`);
          return (
            <g key={`${edge.from}>${edge.to}`} data-edge={`${edge.from}>${edge.to}`} data-on-path={lit || undefined}>
              <path d={edge.d} fill="none" stroke={lit ? main : muted} strokeWidth={lit ? 2.5 : 1.2} strokeDasharray={lit ? undefined : '4 3'} markerEnd={`url(#arrow-${lit ? 'on' : 'off'})`} />
              <text x={edge.labelX} y={edge.labelY} textAnchor={edge.anchor} fontSize={12} fill={lit ? theme.palette.text.primary : theme.palette.text.secondary} fontWeight={lit && edge.label !== 'always' ? 600 : 400}>
                {edge.label}
              </text>
            </g>
          );
        })}
        {layout.nodes.map((node) => {
          const lit = onPath.has(node.id);
          const isSelected = node.id === selected;
          return (
            <g
              key={node.id}
              role="button"
              tabIndex={0}
              aria-label={`${node.title}${lit ? ', on this persona’s path' : ''}`}
              aria-pressed={isSelected}
              data-step={node.id}
              onClick={() => onSelect(node.id)}
              onKeyDown={keyed(node.id)}
              style={{ cursor: 'pointer' }}
              className="studio-node"
            >
              <rect
                x={node.x}
                y={node.y}
                width={NODE.width}
                height={NODE.height}
                rx={8}
                fill={lit ? theme.palette.background.paper : theme.palette.action.hover}
                stroke={isSelected ? theme.palette.secondary.main : lit ? main : muted}
                strokeWidth={isSelected ? 3.5 : lit ? 2 : 1}
              />
              <text x={node.x + 12} y={node.y + 20} fontSize={14} fontWeight={600} fill={lit ? theme.palette.text.primary : theme.palette.text.secondary}>
                {node.title}
              </text>
              <text x={node.x + 12} y={node.y + 38} fontSize={12} fill={theme.palette.text.secondary}>
                {node.detail}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
