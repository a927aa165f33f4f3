import { http } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../../shared/product';

/** An account as GET /accounts lists it (spec 2 section 3, plus snake_case fields). */
export interface DashboardAccount {
  id: number;
  AccountNumber: string;
  Product: string;
  AvailableBalance: number;
  account_type: 'savings' | 'deposit' | 'loan';
  balance_cents: number;
}

export interface GroupedAccounts {
  savings: DashboardAccount[];
  deposit: DashboardAccount[];
  loan: DashboardAccount[];
}

/** An entry of a transfer option list. */
export interface OptionAccount {
  id: number;
  Account: string;
  Product: string;
  AvailableBalance: number;
  balance_cents: number;
}

export interface DestinationType {
  Prd: string;
  Product: string;
}

export interface LedgerItem {
  id: number;
  date: string;
  account_number: string;
  account_type: DashboardAccount['account_type'];
  product: string;
  description: string;
  kind: string;
  amount_cents: number;
  /** The account's balance right after this entry. */
  balance_after_cents: number;
  reference_no: string | null;
  instructions: string | null;
}

export interface TransferAnswer {
  message: string;
  data: { ReferenceNo: string; amount_cents: number; created_on: string };
}

export const getAccounts = () => http.get<GroupedAccounts & { data: GroupedAccounts }>('/accounts').then((body) => body.data ?? body);

export const getTransferToSelfOptions = () => http.get<{ data: { Source: OptionAccount[]; Destination: OptionAccount[] } }>('/accounts/transfer-to-self-options').then((b) => b.data);

export const getTransferToMemberOptions = () =>
  http.get<{ data: { Source: OptionAccount[]; Destination: DestinationType[] } }>('/accounts/transfer-to-member-options').then((b) => b.data);

/** A date range of the transactions page: days (YYYY-MM-DD) in the credit union's time zone, both inclusive. */
export interface DateRange {
  from?: string;
  to?: string;
}

export const getTransactions = (page: number, pageSize: number, range: DateRange = {}) =>
  http.get<{ items: LedgerItem[]; total: number }>('/accounts/transactions', {
    params: { page, page_size: pageSize, ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) },
  });

export interface CodeSentAnswer {
  message: string;
  phone: string;
  expires_in: number;
}

/** The first call of a transfer to another member: the server checks the transfer and texts a code bound to it. */
export const requestTransferCode = (body: Record<string, unknown>, idempotencyKey: string) =>
  http.post<CodeSentAnswer>('/accounts/transfer-to-member/code', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

/** Posts a transfer with its idempotency key: the same key is reused if the member retries this confirmation. */
export const postTransfer = (kind: 'self' | 'member', body: Record<string, unknown>, idempotencyKey: string) =>
  http.post<TransferAnswer>(`/accounts/transfer-to-${kind}`, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
