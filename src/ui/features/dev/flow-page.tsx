import { useState } from 'react';
import { Alert, Box, Chip, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { listSteps } from '../../../shared/flow/flow-types';
import { describeCondition, flowToMermaid } from '../../../shared/flow/flow-graph';
import { knownFormIds } from '../../forms/load-form';
import { SchemaForm } from '../../forms/schema-form';
import { usePageTitle } from '../../lib/use-page-title';
import { onboardingFlow } from '../onboarding/flow-actor';

/** Development page for analysts: the flow's steps and transitions, its Mermaid source, and a live preview of any form. */
export default function FlowPage() {
  usePageTitle('Flow');
  const steps = listSteps(onboardingFlow);
  const formIds = knownFormIds();
  const [formId, setFormId] = useState(steps.find((s) => s.form)?.form ?? formIds[0]);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [submitted, setSubmitted] = useState<string | null>(null);
  return (
    <Stack spacing={4}>
      <Typography variant="h3" component="h1">
        {onboardingFlow.title}: flow
      </Typography>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Steps and transitions">
          <TableHead>
            <TableRow>
              <TableCell>Step</TableCell>
              <TableCell>Route</TableCell>
              <TableCell>Kind / form</TableCell>
              <TableCell>Next</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {steps.map((s) => (
              <TableRow key={s.id}>
                <TableCell>
                  {s.title}
                  {s.skippable && <Chip size="small" label="skippable" sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{s.route}</TableCell>
                <TableCell>{s.form ?? s.kind}</TableCell>
                <TableCell>
                  {(s.next ?? []).map((t, i) => (
                    <Box key={i}>{t.when ? `${describeCondition(t.when)} → ${t.to}` : `→ ${t.to}`}</Box>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Box>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          Diagram (Mermaid)
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          The same text as docs/flows/onboarding.md (npm run flow:graph); paste it into any Mermaid viewer.
        </Typography>
        <Paper variant="outlined" component="pre" sx={{ p: 2, overflowX: 'auto', fontSize: 12 }}>
          {flowToMermaid(onboardingFlow)}
        </Paper>
      </Box>
      <Box>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          Form preview
        </Typography>
        <TextField
          select
          label="Form"
          value={formId}
          onChange={(e) => {
            setFormId(e.target.value);
            setData({});
            setSubmitted(null);
          }}
          sx={{ minWidth: 320, mb: 3 }}
        >
          {formIds.map((id) => (
            <MenuItem key={id} value={id}>
              {id}
            </MenuItem>
          ))}
        </TextField>
        {submitted && (
          <Alert severity="success" sx={{ mb: 2 }}>
            Valid. The body would be: <code>{submitted}</code>
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: 3 }}>
          <SchemaForm key={formId} formId={formId} formData={data} onChange={setData} onSubmit={(valid) => setSubmitted(JSON.stringify(valid))} />
        </Paper>
      </Box>
    </Stack>
  );
}
