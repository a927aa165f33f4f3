import { getTransferToSelfOptions, type OptionAccount } from './api/accounts-api';
import { TransferPage } from './components/transfer-page';
import { formatCents } from '../../../shared/money';
import type { PageMessage } from '../../../shared/forms/route-form-fields';
import { MEMBER_TEXTS } from '../../../shared/member-texts';

type Options = Awaited<ReturnType<typeof getTransferToSelfOptions>>;
interface SelfData extends Record<string, unknown> {
  source_id: number;
  source_account: string;
  destination_id: number;
  destination_account: string;
  amount: number | string;
  instructions: string;
}

/** The label spec 2 asks for: the account, its product and its available balance. */
export const accountLabel = (a: OptionAccount) => `${a.Account} - ${a.Product} - ${formatCents(a.balance_cents)}`;
/** The account on a receipt: its number and product, without the balance it had before the transfer. */
export const accountName = (a: OptionAccount) => `${a.Account} - ${a.Product}`;

function selectOptions(options: Options, data: Partial<SelfData>) {
  // The destination list leaves out the chosen source: a transfer needs two different accounts.
  const destinations = options.Destination.filter((a) => a.id !== data.source_id);
  return {
    source_id: { values: options.Source.map((a) => a.id), labels: options.Source.map(accountLabel), receiptLabels: options.Source.map(accountName) },
    destination_id: { values: destinations.map((a) => a.id), labels: destinations.map(accountLabel), receiptLabels: destinations.map(accountName) },
  };
}

function derive(options: Options, data: Partial<SelfData>): Partial<SelfData> {
  const destination = data.destination_id === data.source_id ? undefined : data.destination_id;
  return {
    source_account: options.Source.find((a) => a.id === data.source_id)?.Account,
    destination_id: destination,
    destination_account: options.Destination.find((a) => a.id === destination)?.Account,
  };
}

/** A transfer between one's own accounts needs two of them that can move money: the name of the form's message, or null. */
function unavailable(options: Options): PageMessage<'member/transfer-to-self'> | null {
  const accounts = new Set([...options.Source, ...options.Destination].map((a) => a.id));
  if (accounts.size >= 2 && options.Source.length > 0) return null;
  return accounts.size === 0 ? 'noSourceAccount' : 'needsSecondAccount';
}

/** /users/transfer-to-self (spec 2 section 2). */
export default function TransferToSelfPage() {
  return (
    <TransferPage<Options, SelfData>
      kind="self"
      formId="member/transfer-to-self"
      title={MEMBER_TEXTS.transferToSelf}
      intro="Move money between your own savings and deposit accounts."
      loadOptions={getTransferToSelfOptions}
      selectOptions={selectOptions}
      derive={derive}
      unavailable={unavailable}
      availableCents={(options, data) => options.Source.find((a) => a.id === data.source_id)?.balance_cents}
    />
  );
}
