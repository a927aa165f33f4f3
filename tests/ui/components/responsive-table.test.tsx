import { installMatchMedia } from '../../helpers/match-media';
// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { ResponsiveTable, type ResponsiveColumn } from '../../../src/ui/components/responsive-table';

interface Row {
  id: number;
  name: string;
  email: string;
  status: string;
}

const columns: Array<ResponsiveColumn<Row>> = [
  { header: 'ID', cell: (r) => String(r.id) },
  { header: 'Name', cell: (r) => r.name, card: 'title' },
  { header: 'Email', cell: (r) => r.email },
  { header: 'Status', cell: (r) => r.status, card: 'badge' },
  { header: 'Actions', cell: (r) => <button type="button">{`Edit ${r.name}`}</button>, card: 'actions', align: 'right' },
];
const rows: Row[] = [
  { id: 1, name: 'Ava Administrator', email: 'admin@cu.example', status: 'Active' },
  { id: 2, name: 'Grace Member', email: 'grace@cu.example', status: 'Blocked' },
];

const viewport = installMatchMedia;

describe('ResponsiveTable: columns declared once, a table on wide screens, cards on a phone', () => {
  it('is a table with every column at 1280 px', () => {
    viewport(1280);
    render(<ResponsiveTable label="People" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'Name', 'Email', 'Status', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('is a list of cards at 360 px: title and badge on top, every other column labelled, actions kept', () => {
    viewport(360);
    render(<ResponsiveTable label="People" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const grace = cards[1];
    expect(grace).toHaveTextContent('Grace Member');
    expect(within(grace).getByText('Blocked')).toBeInTheDocument();
    // Label and value pairs: nothing hidden, nothing to scroll sideways for.
    const terms = within(grace).getAllByRole('term').map((t) => t.textContent);
    const values = within(grace).getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual(['ID', 'Email']);
    expect(values).toEqual(['2', 'grace@cu.example']);
    expect(within(grace).getByRole('button', { name: 'Edit Grace Member' })).toBeInTheDocument();
  });

  it('shows the empty message in either shape', () => {
    viewport(1280);
    const { unmount } = render(<ResponsiveTable label="People" columns={columns} rows={[]} rowKey={(r) => r.id} emptyMessage="No people found." />);
    expect(within(screen.getByRole('table', { name: 'People' })).getByText('No people found.')).toBeInTheDocument();
    unmount();
    viewport(360);
    render(<ResponsiveTable label="People" columns={columns} rows={[]} rowKey={(r) => r.id} emptyMessage="No people found." />);
    expect(screen.getByText('No people found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
