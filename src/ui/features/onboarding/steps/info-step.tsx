import { Box, Button, Link, Stack, Typography } from '@mui/material';
import type { StepRef } from '../../../../shared/flow/flow-types';

/** Text, a list and links from the flow file, and a button to go on. */
export function InfoStep({ step, onNext }: { step: StepRef; onNext: () => void }) {
  const content = step.content ?? {};
  return (
    <Stack spacing={2}>
      {content.paragraphs?.map((p) => <Typography key={p}>{p}</Typography>)}
      {content.items && (
        <Box component="ul" sx={{ pl: 3, m: 0 }}>
          {content.items.map((item) => (
            <li key={item}>
              <Typography>{item}</Typography>
            </li>
          ))}
        </Box>
      )}
      {content.links?.map((link) => (
        <Link key={link.href} href={link.href} target="_blank" rel="noopener noreferrer">
          {link.label}
        </Link>
      ))}
      <Box>
        <Button variant="contained" onClick={onNext}>
          {/* stepSubmitText without a form, written out: a third importer split submit-text.ts into a chunk of its own on `/`'s route table. */}
          {step.texts?.submit ?? step.texts?.next}
        </Button>
      </Box>
    </Stack>
  );
}

