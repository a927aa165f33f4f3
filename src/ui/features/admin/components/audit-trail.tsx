import { List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import type { AuditEntry } from '../../../../shared/api-types';
import { describeAuditEntry } from '../../../../shared/audit-words';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';

/** A comment's own words, kept in the trail: a later comment replaces it on the application. */
function commentText(entry: AuditEntry): string | undefined {
  const after = entry.after as { comments?: unknown } | null;
  return entry.action === 'signup.comment' && typeof after?.comments === 'string' ? `“${after.comments}”` : undefined;
}

/**
 * Who did what to this record, and when (newest first), in words: "Blocked by Ada Admin on 23.11.2026 10:04".
 * `fieldLabels` name the fields an edit changed: the titles of the record's form schema.
 */
export function AuditTrail({ entries, fieldLabels }: { entries: AuditEntry[]; fieldLabels?: Record<string, string> }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="audit-trail-heading">
      <Typography id="audit-trail-heading" variant="h3" component="h2" sx={{ mb: 1 }}>
        {ADMIN_TEXTS.auditTrail}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{ADMIN_TEXTS.noAuditEntries}</Typography>
      ) : (
        <List dense disablePadding>
          {entries.map((entry) => (
            <ListItem key={entry.id} disableGutters divider>
              <ListItemText primary={describeAuditEntry(entry, fieldLabels)} secondary={commentText(entry)} slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
