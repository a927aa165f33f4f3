// @vitest-environment happy-dom
import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../../src/ui/forms/schema-form';
import { formFromModule, type LoadedForm } from '../../../../src/ui/forms/load-form';
import { normaliseAmount, withRuntimeOptions } from '../../../../src/ui/features/member/transfer-form';
import { compileToModule } from '../../forms/compile-to-module';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, 'forms/member', file), 'utf8'));

async function selfForm(): Promise<LoadedForm> {
  const base = formFromModule(await compileToModule('member/transfer-to-self', read('transfer-to-self.schema.json'), read('transfer-to-self.ui.json')));
  return withRuntimeOptions(base, {
    source_id: { values: [1, 2], labels: ['10000000101 - Regular Savings - TTD $100.00', '10000000102 - Christmas Club - TTD $5.00'] },
    destination_id: { values: [2], labels: ['10000000102 - Christmas Club - TTD $5.00'] },
  });
}

const valid = { source_id: 1, source_account: '10000000101', destination_id: 2, destination_account: '10000000102' };

describe('transfer form with runtime account options', () => {
  it('keeps the precompiled validator working on the schema with injected enums', async () => {
    const form = await selfForm();
    expect(form.schema.properties.source_id.enum).toEqual([1, 2]);
    expect(form.uiSchema.source_id['ui:enumNames']).toHaveLength(2);
    expect(form.validator.validateFormData({ ...valid, amount: 12.5 }, form.schema).errors).toEqual([]);
  });

  it("reads typed amounts the spec's way: $, commas and spaces stripped", async () => {
    const form = await selfForm();
    expect(normaliseAmount({ amount: '$1,000.50' }).amount).toBe(1000.5);
    expect(normaliseAmount({ amount: ' 20 ' }).amount).toBe(20);
    expect(normaliseAmount({ amount: '$ 12 500' }).amount).toBe(12500);
    expect(form.validator.validateFormData({ ...valid, amount: '$1,000.50' }, form.schema).errors).toEqual([]);
  });

  // A comma or a space that does not group thousands is no separator: '1,00' is not 100 (it was, and moved $100).
  // The form's own words for each refusal (forms/member/transfer-to-self.schema.json): a fraction of a cent is told
  // so, not given the general "Enter a valid amount".
  it.each([
    ['1.005', 'multipleOf'],
    ['12.345', 'multipleOf'],
    [0.1 + 0.2, 'multipleOf'],
    ['0', 'exclusiveMinimum'],
    ['-5', 'exclusiveMinimum'],
    ['abc', 'type'],
    ['1,00', 'type'],
    ['12,5', 'type'],
    ['1,0000', 'type'],
    ['1 00', 'type'],
    ['1,000,00', 'type'],
  ])('refuses the amount %s with its %s message', async (amount, keyword) => {
    const form = await selfForm();
    const { errorSchema } = form.validator.validateFormData({ ...valid, amount }, form.schema);
    expect((errorSchema as any).amount.__errors).toEqual([form.schema.properties.amount.errorMessage[keyword]]);
  });

  it('renders the selects with account labels, the $ prefix, and the spec messages on submit', async () => {
    const form = await selfForm();
    const onSubmit = vi.fn();
    render(
      <SchemaForm form={form} onSubmit={onSubmit}>
        <button type="submit">Transfer Now</button>
      </SchemaForm>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Transfer Now' }));
    expect(await screen.findAllByText('Required')).not.toHaveLength(0);
    expect(screen.getByText('Enter a valid amount')).toBeInTheDocument();
    expect(screen.getByText('$')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('combobox', { name: /Source Account/ }));
    expect(await screen.findByRole('option', { name: '10000000101 - Regular Savings - TTD $100.00' })).toBeInTheDocument();
  });
});
