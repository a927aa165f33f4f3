import { getTransferToMemberOptions } from './api/accounts-api';
import { TransferPage } from './components/transfer-page';
import { accountLabel, accountName } from './transfer-to-self-page';
import type { PageMessage } from '../../../shared/forms/route-form-fields';
import { MEMBER_TEXTS } from '../../../shared/member-texts';

type Options = Awaited<ReturnType<typeof getTransferToMemberOptions>>;
interface MemberData extends Record<string, unknown> {
  source_id: number;
  source_account: string;
  destination_product: string;
  destination_account: string;
  amount: number | string;
  instructions: string;
}

function selectOptions(options: Options) {
  return {
    source_id: { values: options.Source.map((a) => a.id), labels: options.Source.map(accountLabel), receiptLabels: options.Source.map(accountName) },
    // Spec 2 section 2: the type's label is 'Prd - Product'.
    destination_product: { values: options.Destination.map((d) => d.Prd), labels: options.Destination.map((d) => `${d.Prd} - ${d.Product}`) },
  };
}

function derive(options: Options, data: Partial<MemberData>): Partial<MemberData> {
  return { source_account: options.Source.find((a) => a.id === data.source_id)?.Account };
}

/** /users/transfer-to-member (spec 2 section 2). */
export default function TransferToMemberPage() {
  return (
    <TransferPage<Options, MemberData>
      kind="member"
      formId="member/transfer-to-member"
      title={MEMBER_TEXTS.transferToMember}
      intro="Send money from one of your accounts to another member's account."
      loadOptions={getTransferToMemberOptions}
      selectOptions={selectOptions}
      derive={derive}
      unavailable={(options): PageMessage<'member/transfer-to-member'> | null => (options.Source.length ? null : 'noSourceAccount')}
      availableCents={(options, data) => options.Source.find((a) => a.id === data.source_id)?.balance_cents}
    />
  );
}
