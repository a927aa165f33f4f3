import { MEMBER_TEXTS } from '../../../shared/member-texts';

/** Titles of the member pages, for the second top tab (spec 2 section 2: Dashboard plus the current page), from forms/messages/member.json. */
export const MEMBER_PAGE_TITLES: Record<string, string> = {
  '/users/transfer-to-self': MEMBER_TEXTS.transferToSelf,
  '/users/transfer-to-member': MEMBER_TEXTS.transferToMember,
  '/users/transactions': MEMBER_TEXTS.transactions,
  '/users/account': MEMBER_TEXTS.account,
  '/users/transfers': MEMBER_TEXTS.transfers,
  '/users/loans': MEMBER_TEXTS.loans,
  '/users/investments': MEMBER_TEXTS.investments,
  '/users/cards': MEMBER_TEXTS.cards,
  '/users/support': MEMBER_TEXTS.support,
  '/users/settings': MEMBER_TEXTS.settings,
};
