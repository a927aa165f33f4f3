// @vitest-environment happy-dom
import { useEffect, useRef } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { routes } from '../../../src/ui/app/router';
import { renderRoutes } from '../render-app';
import { MEMBER_TEXTS } from '../../../src/shared/member-texts';

function From() {
  const navigate = useNavigate();
  return (
    <main>
      <h1>Dashboard</h1>
      <button onClick={() => navigate('/to')}>Transfer to Member</button>
      <button onClick={() => navigate('/code')}>Sign In</button>
    </main>
  );
}

function CodePage() {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <main>
      <h1>Sign In Verification</h1>
      <input ref={box} aria-label="Digit 1 of 6" />
    </main>
  );
}

// The app's own root (its scroll and focus keepers) around two pages of this test.
const table = [{ element: routes[0].element, children: [
  { path: '/', element: <From /> },
  { path: '/to', element: <main><h1>Transfer to Member</h1><input aria-label="Amount" /></main> },
  { path: '/code', element: <CodePage /> },
] }];

describe('moving to another page of the app', () => {
  beforeAll(() => {
    window.scrollTo = () => undefined;
  });

  it("puts the keyboard on the new page's heading when the button pressed went with the old page (it fell to the body)", async () => {
    renderRoutes(table, '/');
    // The first page of a visit is left as the browser shows it.
    await new Promise((r) => requestAnimationFrame(r));
    expect(document.body).toHaveFocus();
    screen.getByRole('button', { name: MEMBER_TEXTS.transferToMember }).focus();
    await userEvent.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: MEMBER_TEXTS.transferToMember });
    await waitFor(() => expect(heading).toHaveFocus());
    // Tab goes on from the heading, into the page.
    await userEvent.tab();
    expect(screen.getByLabelText('Amount')).toHaveFocus();
  });

  it('leaves the focus where the new page put it (a code box)', async () => {
    renderRoutes(table, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { name: 'Sign In Verification' });
    await new Promise((r) => requestAnimationFrame(r));
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveFocus();
  });
});
