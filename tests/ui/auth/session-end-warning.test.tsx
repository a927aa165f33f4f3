// @vitest-environment happy-dom
import { act, cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeMemberApi, renderMemberAt } from '../features/member/member-fake-api';
import { startSession } from '../../../src/ui/features/auth/session-store';
import { ROLES } from '../../../src/shared/product';
import { warningLead } from '../../../src/ui/features/auth/session-end-warning';
import { PAGE_TEXTS } from '../../../src/shared/page-texts';
import { fillText } from '../../../src/shared/fill-text';

/** The warning's first words, before the time. */
const endsAt = new RegExp(PAGE_TEXTS.sessionEndsAt.split('{time}')[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SESSION_MS = 5 * 60_000;

describe('the warning before the session ends', () => {
  it('comes a minute before the end, says when and what signing in again keeps, leaves the focus where it was, and can be closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const source = { id: 1, Account: '10000000101', Product: 'Regular Savings', AvailableBalance: 12500, balance_cents: 1_250_000, account_type: 'savings' };
    fakeMemberApi({ 'GET /accounts/transfer-to-member-options': () => ({ status: 200, data: { data: { Source: [source], Destination: [{ Prd: 'SAV', Product: 'Regular Savings' }] } } }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderMemberAt('/users/transfer-to-member');
    // The session began 3.5 minutes ago: 90 s are left, no warning yet.
    act(() => startSession({ id: 3, email: 'member@cu.example', name: 'Marcus Member', role_id: ROLES.CUSTOMER }, Date.now() - SESSION_MS + 90_000));
    const field = await screen.findByLabelText(/Destination Account Number/);
    await user.click(field);
    expect(screen.queryByText(endsAt)).toBeNull();

    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent(new RegExp(`${endsAt.source}\\d{1,2}:\\d{2}`));
    expect(warning).toHaveTextContent(fillText(PAGE_TEXTS.sessionLasts, { length: fillText(PAGE_TEXTS.minutes, { count: 5 }) }));
    // The count is shown, not read out every second.
    expect(warning.querySelector('[aria-hidden="true"]')).toHaveTextContent(/\b0:\d\d\b/);
    expect(field).toHaveFocus();

    await user.click(screen.getByRole('button', { name: PAGE_TEXTS.close }));
    expect(screen.queryByText(endsAt)).toBeNull();
  });

  it('leads by a minute, or a fifth of a shorter session', () => {
    expect(warningLead(SESSION_MS)).toBe(60_000);
    expect(warningLead(60_000)).toBe(12_000);
  });
});
