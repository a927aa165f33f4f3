/** Titles of the member pages, for the second top tab (spec 2 section 2: Dashboard plus the current page). */
export const MEMBER_PAGE_TITLES: Record<string, string> = {
  '/users/transfer-to-self': 'Transfer to Self',
  '/users/transfer-to-member': 'Transfer to Member',
  '/users/transactions': 'Transactions',
  '/users/account': 'Account',
  '/users/transfers': 'Transfers',
  '/users/loans': 'Loans',
  '/users/investments': 'Investments',
  '/users/cards': 'Cards',
  '/users/support': 'Support',
  '/users/settings': 'Settings',
};
