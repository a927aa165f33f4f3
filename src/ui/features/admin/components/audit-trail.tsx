import { List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import type { AuditEntry } from '../../../../shared/api-types';
import { formatDateTime } from '../../../../shared/format-date';

const ACTION_LABELS: Record<string, string> = {
  'user.create': 'User created',
  'user.update': 'User updated',
  'user.block': 'User blocked',
  'user.unblock': 'User unblocked',
  'user.delete': 'User deleted',
  'signup.approve': 'Application approved',
  'signup.reject': 'Application rejected',
  'signup.comment': 'Comment added',
};

// Shows which fields changed, so an auditor sees before and after without reading JSON.
function describeChange(before: unknown, after: unknown): string {
  if (!after || typeof after !== 'object') return '';
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const changed = Object.keys(a).filter((k) => !['updated_on', 'created_on', 'name'].includes(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  if (!before) return '';
  return changed.map((k) => `${k}: ${JSON.stringify(b[k] ?? null)} → ${JSON.stringify(a[k] ?? null)}`).join('; ');
}

/** Who did what to this record, and when (newest first). */
export function AuditTrail({ entries }: { entries: AuditEntry[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="audit-trail-heading">
      <Typography id="audit-trail-heading" variant="h3" component="h2" sx={{ mb: 1 }}>
        Audit Trail
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">No administrator actions recorded yet.</Typography>
      ) : (
        <List dense disablePadding>
          {entries.map((entry) => {
            const change = describeChange(entry.before, entry.after);
            return (
              <ListItem key={entry.id} disableGutters divider>
                <ListItemText
                  primary={`${ACTION_LABELS[entry.action] ?? entry.action} by ${entry.actor_name ?? entry.actor_email ?? 'system'}`}
                  secondary={`${formatDateTime(entry.created_on)}${change ? ` · ${change}` : ''}`}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
