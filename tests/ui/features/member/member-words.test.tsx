// @vitest-environment happy-dom
// The member pages' own words are forms/messages/member.json's: an analyst's rewording shows on the dashboard, in the
// menu and on the transactions list. A file of its own: the words are reworded before the pages' modules load, as a
// build reads the file, so the lists the modules make once (quick actions, the menu) are made from the new words.
import { cleanup, configure, screen, within } from '@testing-library/react';
import { fakeMemberApi, renderMemberAt } from './member-fake-api';
import { installMatchMedia } from '../../../helpers/match-media';
import { MEMBER_TEXTS } from '../../../../src/shared/member-texts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => cleanup());

const reworded = {
  greeting: 'Good to see you, {name}',
  savings: 'Savings accounts',
  availableBalance: 'You can use',
  quickActions: 'Do something',
  transferToSelf: 'Move money between my accounts',
  recentTransactions: 'Latest activity',
  viewAll: 'See everything',
  dashboard: 'Home',
  loans: 'Borrowing',
  transactions: 'Activity',
  dateRange: 'Between',
  from: 'First day',
  accountNumber: 'No. {number}',
};
Object.assign(MEMBER_TEXTS, reworded);

describe("the member pages' words", () => {
  it('come from the message file: the dashboard, its menu, the transactions list and a section not built yet', async () => {
    installMatchMedia(1280);
    fakeMemberApi({
      'GET /accounts': () => ({ status: 200, data: { data: { savings: [{ id: 1, AccountNumber: '10000000101', Product: 'Regular Savings', AvailableBalance: 125, account_type: 'savings', balance_cents: 12_500 }], deposit: [], loan: [] } } }),
      'GET /accounts/transactions': () => ({ status: 200, data: { items: [], total: 0, page: 1, page_size: 5 } }),
    });
    renderMemberAt('/users/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Good to see you, Marcus' })).toBeInTheDocument();
    const savings = await screen.findByRole('region', { name: 'Savings accounts' });
    expect(within(savings).getByText('You can use')).toBeInTheDocument();
    expect(within(savings).getByText('No. 10000000101')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Do something' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Move money between my accounts' })).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Latest activity' });
    expect(within(recent).getByRole('link', { name: 'See everything' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab', { name: 'Home' }).length).toBeGreaterThan(0);
    cleanup();

    renderMemberAt('/users/transactions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Between' })).toBeInTheDocument();
    expect(screen.getByLabelText('First day')).toBeInTheDocument();
    cleanup();

    // A section not built yet is titled by its word too, in its heading and its tab.
    renderMemberAt('/users/loans');
    expect(await screen.findByRole('heading', { level: 1, name: 'Borrowing' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab', { name: 'Borrowing' }).length).toBeGreaterThan(0);
  });
});
