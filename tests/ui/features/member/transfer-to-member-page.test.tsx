// @vitest-environment happy-dom
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDEMPOTENCY_HEADER } from '../../../../src/shared/product';
import { TRANSFER_TEXTS, insufficientFundsMessage } from '../../../../src/shared/messages';
import { MEMBER_TEXTS } from '../../../../src/shared/member-texts';
import { readFormsDir } from '../../../../src/shared/forms/read-forms-dir';
import { resolveForm } from '../../../../src/shared/forms/form-registry';
import { fakeMemberApi, refusal, renderMemberAt, type MemberCall } from './member-fake-api';
import { clearSession } from '../../../../src/ui/features/auth/session-store';
import { pageAfterSignIn } from '../../../../src/ui/features/auth/return-page';
import { signOut } from '../../../../src/ui/features/auth/sign-out';
import { ROLES } from '../../../../src/shared/product';
import { submitTextOf } from '../../../helpers/form-messages';
import { fillText } from '../../../../src/shared/fill-text';
import { PAGE_TEXTS } from '../../../../src/shared/page-texts';

// The member pages load lazily on first use.
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => cleanup());

const options = {
  data: {
    Source: [{ id: 1, Account: '10000000101', Product: 'Regular Savings', AvailableBalance: 12500, balance_cents: 1_250_000, account_type: 'savings' }],
    Destination: [{ Prd: 'SAV', Product: 'Regular Savings' }],
  },
};
const success = { status: 200, data: { message: TRANSFER_TEXTS.completed, data: { ReferenceNo: 'TRFABCDEFGH23', reference_no: 'TRFABCDEFGH23', amount: 250, amount_cents: 25_000, created_on: '2026-11-25T12:00:00.000Z' }, ReferenceNo: 'TRFABCDEFGH23' } };

/** Fills the transfer form as a member does and presses Transfer Now. */
async function fillTransfer(user: ReturnType<typeof userEvent.setup>, amount: string) {
  renderMemberAt('/users/transfer-to-member');
  await user.click(await screen.findByRole('combobox', { name: /Source Account/ }));
  await user.click(await screen.findByRole('option', { name: /^10000000101/ }));
  await user.click(screen.getByRole('combobox', { name: /Destination Account Type/ }));
  await user.click(await screen.findByRole('option', { name: 'SAV - Regular Savings' }));
  await user.type(screen.getByLabelText(/Destination Account Number/), '10000000201');
  await user.type(screen.getByLabelText(/^Amount/), amount);
  await user.click(screen.getByRole('button', { name: submitTextOf('member/transfer-to-member') }));
}

/** Fills the transfer form and confirms it (Transfer Now, then Complete). */
async function fillAndConfirm(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await fillTransfer(user, amount);
  await user.click(await within(await screen.findByRole('dialog', { name: TRANSFER_TEXTS.confirmTitle })).findByRole('button', { name: TRANSFER_TEXTS.complete }));
}

async function fillAndComplete(user: ReturnType<typeof userEvent.setup>) {
  await fillAndConfirm(user, '250');
  return screen.findByRole('dialog', { name: TRANSFER_TEXTS.codeTitle });
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, code: string) {
  await user.click(await within(dialog).findByLabelText('Digit 1 of 6'));
  await user.keyboard(code);
}

describe('transfer to member: the code step', () => {
  it("words its dialogs and their buttons as forms/messages/transfers.json says (an analyst's rewording shows)", async () => {
    const before = { ...TRANSFER_TEXTS };
    Object.assign(TRANSFER_TEXTS, { confirmTitle: 'Check this transfer', complete: 'Send it', codeTitle: 'Type the code', codeBody: 'A code went to {phone}.', successTitle: 'Sent', referenceNumber: 'Your reference:', goToDashboard: 'To my accounts' });
    try {
      fakeMemberApi({
        'GET /accounts/transfer-to-member-options': () => ({ status: 200, data: options }),
        'POST /accounts/transfer-to-member/code': () => ({ status: 200, data: { message: TRANSFER_TEXTS.codeSent, phone: '+1868***0002', expires_in: 600 } }),
        'POST /accounts/transfer-to-member': () => success,
      });
      const user = userEvent.setup();
      const dialog = await fillAndComplete(user);
      expect(dialog).toHaveTextContent('A code went to +1868***0002.');
      await typeCode(user, dialog, '123456');
      const receipt = await screen.findByRole('dialog', { name: 'Sent' });
      expect(receipt).toHaveTextContent('Your reference: TRFABCDEFGH23');
      expect(within(receipt).getByRole('button', { name: 'To my accounts' })).toBeInTheDocument();
    } finally {
      Object.assign(TRANSFER_TEXTS, before);
    }
  });

  it('Complete asks for a code, the code dialog names where it went, and the transfer is sent with the code under the same key', async () => {
    let tries = 0;
    const calls = fakeMemberApi({
      'GET /accounts/transfer-to-member-options': () => ({ status: 200, data: options }),
      'POST /accounts/transfer-to-member/code': () => ({ status: 200, data: { message: TRANSFER_TEXTS.codeSent, phone: '+1868***0002', expires_in: 600 } }),
      'POST /accounts/transfer-to-member': () => (++tries <= 2 ? refusal(422, TRANSFER_TEXTS.invalidCode, { code: TRANSFER_TEXTS.invalidCode }) : success),
    });
    const user = userEvent.setup();
    const dialog = await fillAndComplete(user);
    expect(dialog).toHaveTextContent(fillText(TRANSFER_TEXTS.codeBody, { phone: '+1868***0002' }));
    const asked = calls.find((c) => c.url === '/accounts/transfer-to-member/code')!;
    expect(asked.body).toEqual({ source_id: 1, source_account: '10000000101', destination_product: 'SAV', destination_account: '10000000201', amount: 250 });
    // A wrong code: the server's message under the boxes, the dialog stays.
    await typeCode(user, dialog, '111111');
    expect(await within(dialog).findByText(TRANSFER_TEXTS.invalidCode)).toBeInTheDocument();
    // A second wrong code, refused in the same words, empties the boxes again: the next code is typed afresh.
    await typeCode(user, dialog, '222222');
    expect(await within(dialog).findByText(TRANSFER_TEXTS.invalidCode)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Digit 1 of 6')).toHaveValue(''));
    await typeCode(user, dialog, '123456');
    expect(await screen.findByRole('dialog', { name: TRANSFER_TEXTS.successTitle })).toHaveTextContent('TRFABCDEFGH23');
    const sent = calls.filter((c: MemberCall) => c.url === '/accounts/transfer-to-member');
    expect(sent.map((c) => c.body.code)).toEqual(['111111', '222222', '123456']);
    expect(sent[2].body).toEqual({ ...asked.body, code: '123456' });
    const keys = new Set([asked, ...sent].map((c) => c.headers[IDEMPOTENCY_HEADER]));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toEqual(expect.any(String));
  });

  it("the dashboard it returns to keeps the reference number in sight until closed (the dialog leaves after 2.5 s)", async () => {
    fakeMemberApi({
      'GET /accounts/transfer-to-member-options': () => ({ status: 200, data: options }),
      'POST /accounts/transfer-to-member/code': () => ({ status: 200, data: { message: TRANSFER_TEXTS.codeSent, phone: '+1868***0002', expires_in: 600 } }),
      'POST /accounts/transfer-to-member': () => success,
      'GET /accounts': () => ({ status: 200, data: { data: { savings: [], deposit: [], loan: [] } } }),
      'GET /accounts/transactions': () => ({ status: 200, data: { items: [], total: 0, page: 1, page_size: 5 } }),
    });
    const user = userEvent.setup();
    await typeCode(user, await fillAndComplete(user), '123456');
    await user.click(within(await screen.findByRole('dialog', { name: TRANSFER_TEXTS.successTitle })).getByRole('button', { name: TRANSFER_TEXTS.goToDashboard }));
    const notice = await screen.findByText(fillText(TRANSFER_TEXTS.completedNotice, { reference: 'TRFABCDEFGH23' }));
    await user.click(within(notice.closest('[role="status"]') as HTMLElement).getByRole('button', { name: PAGE_TEXTS.close }));
    expect(screen.queryByText(fillText(TRANSFER_TEXTS.completedNotice, { reference: 'TRFABCDEFGH23' }))).toBeNull();
  });

  it('the dashboard shows Quick Actions and recent transactions only once the balances are in, so nothing below them moves under a press', async () => {
    let letGo: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    fakeMemberApi({
      'GET /accounts': async () => (await held, { status: 200, data: { data: { savings: [{ id: 1, AccountNumber: '10000000101', Product: 'Regular Savings', AvailableBalance: 100, account_type: 'savings', balance_cents: 10_000 }], deposit: [], loan: [] } } }),
      'GET /accounts/transactions': () => ({ status: 200, data: { items: [], total: 0, page: 1, page_size: 5 } }),
    });
    renderMemberAt('/users/dashboard');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: MEMBER_TEXTS.transferToMember })).toBeNull();
    letGo();
    expect(await screen.findByRole('link', { name: MEMBER_TEXTS.transferToMember })).toBeInTheDocument();
    expect(screen.getByText('10000000101', { exact: false })).toBeInTheDocument();
  });

  it('a closed receipt notice stays closed on a reload: closing clears it from the history entry', async () => {
    fakeMemberApi({
      'GET /accounts': () => ({ status: 200, data: { data: { savings: [], deposit: [], loan: [] } } }),
      'GET /accounts/transactions': () => ({ status: 200, data: { items: [], total: 0, page: 1, page_size: 5 } }),
    });
    const router = renderMemberAt({ pathname: '/users/dashboard', state: { completedTransfer: 'TRFABCDEFGH23' } });
    const user = userEvent.setup();
    const notice = await screen.findByText(fillText(TRANSFER_TEXTS.completedNotice, { reference: 'TRFABCDEFGH23' }));
    await user.click(within(notice.closest('[role="status"]') as HTMLElement).getByRole('button', { name: PAGE_TEXTS.close }));
    await waitFor(() => expect(screen.queryByText(fillText(TRANSFER_TEXTS.completedNotice, { reference: 'TRFABCDEFGH23' }))).toBeNull());
    // What a reload reads back: the same page, with nothing left to announce.
    expect(router.state.location.pathname).toBe('/users/dashboard');
    expect(router.state.location.state).toBeNull();
  });

  it('a transfer the page reloaded in the middle of: it says so, and the same details go again under the same key (not moved twice)', async () => {
    const body = { source_id: 1, source_account: '10000000101', destination_product: 'SAV', destination_account: '10000000201', amount: 250 };
    // What the tab held when the page reloaded: the transfer sent with its code, no answer shown yet.
    sessionStorage.setItem('cu.transfer.in-flight.member', JSON.stringify({ body: JSON.stringify(body), key: 'key-before-reload' }));
    const calls = fakeMemberApi({
      'GET /accounts/transfer-to-member-options': () => ({ status: 200, data: options }),
      'POST /accounts/transfer-to-member/code': () => ({ status: 200, data: { message: TRANSFER_TEXTS.codeSent, phone: '+1868***0002', expires_in: 600 } }),
      'POST /accounts/transfer-to-member': () => success,
    });
    const user = userEvent.setup();
    await fillTransfer(user, '250');
    expect(screen.getByText(/A transfer you confirmed may have gone through before the page reloaded/)).toBeInTheDocument();
    await user.click(await within(await screen.findByRole('dialog', { name: TRANSFER_TEXTS.confirmTitle })).findByRole('button', { name: TRANSFER_TEXTS.complete }));
    await typeCode(user, await screen.findByRole('dialog', { name: TRANSFER_TEXTS.codeTitle }), '123456');
    expect(await screen.findByRole('dialog', { name: TRANSFER_TEXTS.successTitle })).toBeInTheDocument();
    expect(calls.filter((c) => ['/accounts/transfer-to-member/code', '/accounts/transfer-to-member'].includes(c.url)).map((c) => c.headers[IDEMPOTENCY_HEADER])).toEqual(['key-before-reload', 'key-before-reload']);
    // Answered: nothing is in flight any more.
    expect(sessionStorage.getItem('cu.transfer.in-flight.member')).toBeNull();
  });

  it('a limit refused when the code is asked for shows on the form, and no code dialog opens', async () => {
    const message = 'The most you can send in one transfer is TTD $10,000.00.';
    fakeMemberApi({
      'GET /accounts/transfer-to-member-options': () => ({ status: 200, data: options }),
      'POST /accounts/transfer-to-member/code': () => refusal(422, message, { amount: message }),
    });
    const user = userEvent.setup();
    await fillAndConfirm(user, '10000.01');
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The message was about the transfer as sent: once the member changes it, the message goes.
    await user.clear(screen.getByLabelText(/^Amount/));
    await user.type(screen.getByLabelText(/^Amount/), '10');
    await waitFor(() => expect(screen.queryAllByText(message)).toEqual([]));
  });

  it('a code sent for a different transfer says so in the dialog', async () => {
    fakeMemberApi({
      'GET /accounts/transfer-to-member-options': () => ({ status: 200, data: options }),
      'POST /accounts/transfer-to-member/code': () => ({ status: 200, data: { message: TRANSFER_TEXTS.codeSent, phone: '+1868***0002', expires_in: 600 } }),
      'POST /accounts/transfer-to-member': () => refusal(409, TRANSFER_TEXTS.differentTransfer, { code: TRANSFER_TEXTS.differentTransfer }),
    });
    const user = userEvent.setup();
    const dialog = await fillAndComplete(user);
    await typeCode(user, dialog, '123456');
    expect(await within(dialog).findByText(TRANSFER_TEXTS.differentTransfer)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Send a new code/ })).toBeInTheDocument();
  });
});

describe('transfer: what the member confirms', () => {
  it('the confirm dialog names the account, the destination and the amount as money; a click beside it does not cancel; the success dialog says what moved', async () => {
    fakeMemberApi({
      'GET /accounts/transfer-to-member-options': () => ({ status: 200, data: options }),
      'POST /accounts/transfer-to-member/code': () => ({ status: 200, data: { message: TRANSFER_TEXTS.codeSent, phone: '+1868***0002', expires_in: 600 } }),
      'POST /accounts/transfer-to-member': () => success,
    });
    const user = userEvent.setup();
    await fillTransfer(user, '$1,250.5');
    // Typed as people write money: the $, the thousands comma and the decimal point all stay as typed.
    expect(screen.getByLabelText(/^Amount/)).toHaveValue('$1,250.5');
    const confirm = await screen.findByRole('dialog', { name: TRANSFER_TEXTS.confirmTitle });
    // The question opens on its answer (the code still confirms a transfer to another member), so Enter completes it.
    await waitFor(() => expect(within(confirm).getByRole('button', { name: TRANSFER_TEXTS.complete })).toHaveFocus());
    const details = Object.fromEntries(within(confirm).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(details).toMatchObject({ 'Destination Account Type': 'SAV - Regular Savings', 'Destination Account Number': '10000000201', Amount: 'TTD\u00a0$1,250.50' });
    expect(details['Source Account']).toMatch(/^10000000101/);
    await user.click(document.querySelector('.MuiBackdrop-root')!);
    expect(screen.getByRole('dialog', { name: TRANSFER_TEXTS.confirmTitle })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: TRANSFER_TEXTS.complete }));
    await typeCode(user, await screen.findByRole('dialog', { name: TRANSFER_TEXTS.codeTitle }), '123456');
    const receipt = await screen.findByRole('dialog', { name: TRANSFER_TEXTS.successTitle });
    expect(receipt).toHaveTextContent('TTD $1,250.50');
    // The source by its number and product: the balance its label showed is the one before the transfer.
    const moved = Object.fromEntries(within(receipt).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(moved['Source Account']).toBe('10000000101 - Regular Savings');
    expect(details['Source Account']).toBe('10000000101 - Regular Savings - TTD $12,500.00');
  });
});

describe('transfer to member: the end of the session', () => {
  const typeHalf = async (user: ReturnType<typeof userEvent.setup>) => {
    renderMemberAt('/users/transfer-to-member');
    await user.type(await screen.findByLabelText(/Destination Account Number/), '10000000201');
    await user.type(screen.getByLabelText(/^Amount/), '75.50');
  };
  const reopened = async () => {
    renderMemberAt('/users/transfer-to-member');
    return { account: await screen.findByLabelText(/Destination Account Number/), amount: screen.getByLabelText(/^Amount/) };
  };
  /** The 5 minutes run out (or the server ends the session): the guard sends the member to /login. */
  const sessionEnds = async () => {
    act(() => clearSession());
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    cleanup();
  };

  it('what the member typed is there when they sign in again; not after they left the page, nor for another member, nor after a logout', async () => {
    sessionStorage.clear();
    fakeMemberApi({ 'GET /accounts/transfer-to-member-options': () => ({ status: 200, data: options }), 'POST /users/logout': () => ({ status: 200, data: {} }) });
    const user = userEvent.setup();
    await typeHalf(user);
    await sessionEnds();
    // The same member signs in again and is back on the page with the transfer as they left it.
    expect(pageAfterSignIn({ id: 3, role_id: ROLES.CUSTOMER })).toEqual({ path: '/users/transfer-to-member', returning: true });
    let form = await reopened();
    expect(form.account).toHaveValue('10000000201');
    expect(form.amount).toHaveValue('75.50');

    // Leaving the page while signed in (the page unmounts with the session alive) lets the answers go.
    cleanup();
    form = await reopened();
    expect(form.account).toHaveValue('');

    // Kept answers met any other way than the sign-in's return (the page opened later from a typed address) go too.
    await user.type(form.account, '10000000201');
    await sessionEnds();
    form = await reopened();
    expect(form.account).toHaveValue('');

    // Another user signing in on this tab never sees them.
    cleanup();
    await typeHalf(user);
    await sessionEnds();
    pageAfterSignIn({ id: 9, role_id: ROLES.CUSTOMER });
    form = await reopened();
    expect(form.account).toHaveValue('');

    // Nor does anyone after a logout.
    await user.type(form.account, '10000000201');
    await signOut();
    await screen.findByRole('heading', { name: 'Sign In' });
    cleanup();
    form = await reopened();
    expect(form.account).toHaveValue('');
  });
});

describe('transfer pages a member cannot use', () => {
  it('with one account, Transfer to Self says a second one is needed instead of a form that cannot be completed', async () => {
    const one = { id: 1, Account: '10000000101', Product: 'Regular Savings', AvailableBalance: 12500, balance_cents: 1_250_000, account_type: 'savings' };
    fakeMemberApi({ 'GET /accounts/transfer-to-self-options': () => ({ status: 200, data: { data: { Source: [one], Destination: [one] } } }) });
    renderMemberAt('/users/transfer-to-self');
    expect(await screen.findByText(resolveForm(readFormsDir(), 'member/transfer-to-self').uiSchema['ui:options'].needsSecondAccount)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: submitTextOf('member/transfer-to-member') })).toBeNull();
    expect(screen.getByRole('button', { name: TRANSFER_TEXTS.backToDashboard })).toBeInTheDocument();
  });

  it('without an account to send from, Transfer to Member says so', async () => {
    fakeMemberApi({ 'GET /accounts/transfer-to-member-options': () => ({ status: 200, data: { data: { Source: [], Destination: options.data.Destination } } }) });
    renderMemberAt('/users/transfer-to-member');
    expect(await screen.findByText(/You have no savings or deposit account that can send money/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: submitTextOf('member/transfer-to-member') })).toBeNull();
  });
});

describe('transfer to member: an amount over the balance', () => {
  it('is refused under the amount before the confirm dialog, with the server words; no call is made', async () => {
    const calls = fakeMemberApi({ 'GET /accounts/transfer-to-member-options': () => ({ status: 200, data: options }) });
    const user = userEvent.setup();
    await fillTransfer(user, '12500.01');
    expect(await screen.findAllByText(insufficientFundsMessage(1_250_000))).not.toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: TRANSFER_TEXTS.confirmTitle })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // The whole balance is fine.
    await user.clear(screen.getByLabelText(/^Amount/));
    await user.type(screen.getByLabelText(/^Amount/), '12500');
    await user.click(screen.getByRole('button', { name: submitTextOf('member/transfer-to-member') }));
    expect(await screen.findByRole('dialog', { name: TRANSFER_TEXTS.confirmTitle })).toBeInTheDocument();
  });
});

describe('transfer to member: the wait for a new code', () => {
  afterEach(() => vi.useRealTimers());

  it('goes on counting down through wrong codes (each wrong code restarted it at 60 s)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeMemberApi({
      'GET /accounts/transfer-to-member-options': () => ({ status: 200, data: options }),
      'POST /accounts/transfer-to-member/code': () => ({ status: 200, data: { message: TRANSFER_TEXTS.codeSent, phone: '+1868***0002', expires_in: 600 } }),
      'POST /accounts/transfer-to-member': () => refusal(422, TRANSFER_TEXTS.invalidCode, { code: TRANSFER_TEXTS.invalidCode }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dialog = await fillAndComplete(user);
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    await typeCode(user, dialog, '111111');
    expect(await within(dialog).findByText(TRANSFER_TEXTS.invalidCode)).toBeInTheDocument();
    const seconds = Number(/\((\d+)s\)/.exec(within(dialog).getByRole('button', { name: /^Send a new code/ }).textContent ?? '')?.[1]);
    expect(seconds).toBeLessThanOrEqual(30);
    expect(seconds).toBeGreaterThan(0);
  });
});
