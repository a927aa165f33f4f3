// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeMemberApi, renderMemberAt } from './member-fake-api';
import { installMatchMedia } from '../../../helpers/match-media';
import { MEMBER_TEXTS } from '../../../../src/shared/member-texts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => cleanup());

const item = (id: number, date: string) => ({
  id,
  date,
  account_id: 1,
  account_number: '10000000101',
  account_type: 'savings',
  product: 'Regular Savings',
  description: `Entry ${id}`,
  kind: 'transfer_credit',
  amount: 1,
  amount_cents: 100,
  balance_after: id,
  balance_after_cents: id * 100,
  reference_no: null,
  instructions: null,
});

describe('the transactions page', () => {
  it('filters by a date range (both days sent to the server); a reversed range is refused before asking', async () => {
    installMatchMedia(1280);
    const calls = fakeMemberApi({
      'GET /accounts/transactions': (call) =>
        call.params.from ? { status: 200, data: { items: [item(7, '2026-11-20T15:00:00.000Z')], total: 1, page: 1, page_size: 20 } } : { status: 200, data: { items: [item(9, '2026-11-24T15:00:00.000Z'), item(8, '2026-11-23T15:00:00.000Z')], total: 2, page: 1, page_size: 20 } },
    });
    renderMemberAt('/users/transactions');
    const table = await screen.findByRole('table', { name: MEMBER_TEXTS.transactions });
    expect(within(table).getByText('Entry 9')).toBeInTheDocument();
    expect(calls[0].params).toEqual({ page: 1, page_size: 20 });

    fireEvent.change(screen.getByLabelText(MEMBER_TEXTS.from), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText(MEMBER_TEXTS.to), { target: { value: '2026-11-21' } });
    await waitFor(() => expect(calls.at(-1)!.params).toEqual({ page: 1, page_size: 20, from: '2026-11-20', to: '2026-11-21' }));
    expect(await screen.findByText('Entry 7')).toBeInTheDocument();
    expect(screen.queryByText('Entry 9')).not.toBeInTheDocument();

    const before = calls.length;
    fireEvent.change(screen.getByLabelText(MEMBER_TEXTS.to), { target: { value: '2026-11-19' } });
    expect(await screen.findByText(MEMBER_TEXTS.reversedDates)).toBeInTheDocument();
    // Nothing was asked for: no "No transactions" beside the message that says why.
    expect(screen.queryByText(MEMBER_TEXTS.noTransactionsInDates)).not.toBeInTheDocument();
    expect(screen.queryByText('Entry 7')).not.toBeInTheDocument();
    expect(calls.length).toBe(before);

    fireEvent.click(screen.getByRole('button', { name: MEMBER_TEXTS.clearDates }));
    expect(await screen.findByText('Entry 9')).toBeInTheDocument();
    expect(calls.at(-1)!.params).toEqual({ page: 1, page_size: 20 });
  });
});
