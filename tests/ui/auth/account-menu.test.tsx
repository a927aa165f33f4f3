// @vitest-environment happy-dom
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeMemberApi, renderMemberAt } from '../features/member/member-fake-api';
import { installMatchMedia } from '../../helpers/match-media';
import { PAGE_TEXTS } from '../../../src/shared/page-texts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => cleanup());

describe('the account menu', () => {
  it('says who is signed in as its description, not as a dimmed item, and opens on its one choice', async () => {
    installMatchMedia(1280);
    fakeMemberApi({
      'GET /accounts': () => ({ status: 200, data: { data: { savings: [], deposit: [], loan: [] } } }),
      'GET /accounts/transactions': () => ({ status: 200, data: { items: [], total: 0, page: 1, page_size: 5 } }),
    });
    const user = userEvent.setup();
    renderMemberAt('/users/dashboard');
    await user.click(await screen.findByRole('button', { name: PAGE_TEXTS.accountMenu }));

    const menu = await screen.findByRole('menu', { name: PAGE_TEXTS.accountMenu });
    expect(menu).toHaveAccessibleDescription('Marcus Member member@cu.example');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([PAGE_TEXTS.logout]);
    expect(items[0]).toHaveFocus();
  });
});
