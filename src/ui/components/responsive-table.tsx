import { Fragment, type ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, type SxProps, type Theme } from '@mui/material';
import { useTheme, type Breakpoint } from '@mui/material/styles';

/** One column, declared once: a table column on wide screens, a part of each card on narrow ones. */
export interface ResponsiveColumn<T> {
  /** The column header; on a card, the label in front of the value ('field' columns). */
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Extra styles of the table cell (monospace ids, no wrapping dates...). */
  cellSx?: SxProps<Theme>;
  /**
   * Where the value goes on a card: 'title' (the card's first line, no label), 'badge' (beside the title:
   * a status chip, an amount), 'actions' (the card's foot), 'field' (default: a labelled line).
   */
  card?: 'title' | 'badge' | 'actions' | 'field';
  /** In the table, the row's header (a `th` of the row): a screen reader names each cell of the row by it. */
  rowHeader?: boolean;
}

export interface ResponsiveTableProps<T> {
  /** The table's accessible name, and the card list's. */
  label: string;
  columns: ReadonlyArray<ResponsiveColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Shown instead of rows when there are none. */
  emptyMessage?: ReactNode;
  /** Below this breakpoint the rows are stacked cards (default 'sm': phones). */
  cardsBelow?: Breakpoint;
  /** Rows highlight under the pointer (tables whose rows hold actions). */
  hover?: boolean;
  /** Extra styles of the card list (padding when the list sits in an unpadded Paper). */
  cardsSx?: SxProps<Theme>;
  /** Half the cells' side padding: a table of many columns fits a laptop's width without scrolling sideways. */
  narrowCells?: boolean;
}

function RowCards<T>({ label, columns, rows, rowKey, emptyMessage, cardsSx }: ResponsiveTableProps<T>) {
  const part = (kind: NonNullable<ResponsiveColumn<T>['card']>) => columns.filter((c) => (c.card ?? 'field') === kind);
  const [titles, badges, fields, actions] = [part('title'), part('badge'), part('field'), part('actions')];
  if (rows.length === 0) {
    return emptyMessage ? <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>{emptyMessage}</Typography> : null;
  }
  return (
    <Box component="ul" aria-label={label} sx={[{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }, ...(Array.isArray(cardsSx) ? cardsSx : [cardsSx])]}>
      {rows.map((row) => (
        <Card component="li" variant="outlined" key={rowKey(row)}>
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {titles.map((c) => (
                  <Box key={c.header}>{c.cell(row)}</Box>
                ))}
              </Box>
              {badges.length > 0 && (
                <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0, whiteSpace: 'nowrap' }}>
                  {badges.map((c) => (
                    <Box key={c.header}>{c.cell(row)}</Box>
                  ))}
                </Stack>
              )}
            </Stack>
            {fields.length > 0 && (
              <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
                {fields.map((c) => (
                  <Fragment key={c.header}>
                    <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                      {c.header}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {c.cell(row)}
                    </Typography>
                  </Fragment>
                ))}
              </Box>
            )}
            {actions.length > 0 && (
              <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', mt: 1 }}>
                {actions.map((c) => (
                  <Fragment key={c.header}>{c.cell(row)}</Fragment>
                ))}
              </Stack>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** The actions column stays at the table's right edge while a wide table scrolls: a row's actions are never off screen. */
const stickyActions: SxProps<Theme> = { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', boxShadow: (theme) => `-1px 0 0 ${theme.palette.divider}` };

function RowTable<T>({ label, columns, rows, rowKey, emptyMessage, hover, narrowCells }: ResponsiveTableProps<T>) {
  const sxOf = (c: ResponsiveColumn<T>, own?: SxProps<Theme>): SxProps<Theme> | undefined => (c.card === 'actions' ? ([stickyActions, ...(own ? (Array.isArray(own) ? own : [own]) : [])] as SxProps<Theme>) : own);
  return (
    <TableContainer>
      <Table size="small" aria-label={label} sx={narrowCells ? { '& .MuiTableCell-root': { px: 1 } } : undefined}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.header} align={c.align} sx={sxOf(c)}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover={hover}>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align} sx={sxOf(c, c.cellSx)} {...(c.rowHeader ? { component: 'th', scope: 'row' } : {})}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {rows.length === 0 && emptyMessage && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                {emptyMessage}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Rows of records with their columns declared once: a table on wide screens and, below `cardsBelow`, a
 * list of cards (title and badge on top, labelled fields, actions at the foot), so a phone never has to
 * hide columns or scroll sideways.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down(props.cardsBelow ?? 'sm'), { noSsr: true });
  return narrow ? <RowCards {...props} /> : <RowTable {...props} />;
}

/**
 * For a TablePagination under a ResponsiveTable: on a phone the 'Rows per page' words are hidden (the
 * select keeps them as its accessible name) and the toolbar's padding shrinks, so the page arrows fit in 360 px.
 */
export const phonePaginationSx: SxProps<Theme> = {
  '& .MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } },
  '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 }, ml: { xs: 0, sm: 1 } },
  '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
};
