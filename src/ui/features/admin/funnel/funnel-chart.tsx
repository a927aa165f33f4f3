import { Box, useTheme } from '@mui/material';
import type { FunnelReport } from '../api/funnel-api';

const ROW = 34;
const LABEL = 230;
const WIDTH = 760;

/**
 * Each step's reach (light bar) and completion (dark bar) as horizontal bars, widest = the most reached step.
 * The numbers are in the table beside it: the chart is hidden from screen readers, which read the table.
 */
export function FunnelChart({ steps }: { steps: FunnelReport['steps'] }) {
  const theme = useTheme();
  const most = Math.max(1, ...steps.map((s) => s.reached));
  const bar = (n: number) => ((WIDTH - LABEL - 60) * n) / most;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <svg role="presentation" aria-hidden="true" width={WIDTH} height={steps.length * ROW + 8} viewBox={`0 0 ${WIDTH} ${steps.length * ROW + 8}`} style={{ maxWidth: '100%', height: 'auto' }}>
        {steps.map((s, i) => (
          <g key={s.step} transform={`translate(0, ${i * ROW + 4})`}>
            <text x={LABEL - 8} y={ROW / 2 + 4} textAnchor="end" fontSize="13" fill={theme.palette.text.primary}>
              {s.title.length > 30 ? `${s.title.slice(0, 29)}…` : s.title}
            </text>
            <rect x={LABEL} y={4} height={ROW - 10} width={bar(s.reached)} fill={theme.palette.primary.light} opacity={0.45} rx={3} />
            <rect x={LABEL} y={4} height={ROW - 10} width={bar(s.completed)} fill={theme.palette.primary.main} rx={3} />
            <text x={LABEL + bar(s.reached) + 6} y={ROW / 2 + 4} fontSize="12" fill={theme.palette.text.secondary}>
              {s.completed}/{s.reached}
            </text>
          </g>
        ))}
      </svg>
    </Box>
  );
}
