import { isRecordBody, mergeRecord, partsProblems, recordOf, recordSchema, splitRecordErrors, type StepParts } from '../../../src/shared/flow/step-parts';
import { REQUEST_TEXTS } from '../../../src/shared/messages';
import { unknownFieldMessage } from '../../helpers/form-messages';

// A step form with two ID slots and a shared field, and one with a list: the shapes of id-information and
// designation-of-beneficiary, reduced to what the mechanism reads.
const ids = {
  type: 'object',
  properties: {
    holder_type: { type: 'string', const: 'child' },
    has_secondary_id: { type: 'boolean' },
    primary_id_type: { type: 'string' },
    primary_id_files: { type: 'array', items: { type: 'string' }, maxItems: 5, maxFileSize: 20971520 },
    secondary_id_type: { type: 'string' },
    secondary_id_files: { type: 'array', items: { type: 'string' }, maxItems: 5, maxFileSize: 20971520 },
  },
};
const slots: StepParts = { key: 'is_primary_id', slots: { true: { prefix: 'primary_' }, false: { prefix: 'secondary_', set: { has_secondary_id: true } } } };
const list = {
  type: 'object',
  properties: { beneficiaries: { type: 'array', maxItems: 2, items: { type: 'object', properties: { id_number: { type: 'string' }, first_name: { type: 'string' }, percent: { type: 'number' } } }, errorMessage: { maxItems: 'You can add up to 2 beneficiaries.' } } },
};
const byId: StepParts = { list: 'beneficiaries', match: ['id_number'] };

describe('step parts (submit.parts)', () => {
  it('tells one record from the whole step: the key is sent, or the list is not', () => {
    expect(isRecordBody(slots, { is_primary_id: true, id_type: 'passport' })).toBe(true);
    expect(isRecordBody(slots, { primary_id_type: 'passport' })).toBe(false);
    expect(isRecordBody(byId, { id_number: '1' })).toBe(true);
    expect(isRecordBody(byId, { beneficiaries: [] })).toBe(false);
  });

  it("derives the record's fields from the step form: shared fields, each slot's fields unprefixed, the key", () => {
    expect(Object.keys(recordSchema(slots, ids).properties).sort()).toEqual(['holder_type', 'id_files', 'id_type', 'is_primary_id']);
    expect(recordSchema(slots, ids).properties.is_primary_id).toEqual({ type: 'boolean' });
    expect(recordSchema(slots, ids).properties.id_files.maxItems).toBe(5);
    expect(Object.keys(recordSchema(byId, list).properties)).toEqual(['id_number', 'first_name', 'percent']);
  });

  it('merges a slot record under its prefix, replaces the whole slot when sent again, and applies set', () => {
    const first = mergeRecord(slots, ids, {}, { holder_type: 'child', is_primary_id: false, id_type: 'passport', id_files: ['p.pdf'] });
    expect(first).toEqual({ merged: { holder_type: 'child', secondary_id_type: 'passport', secondary_id_files: ['p.pdf'], has_secondary_id: true }, place: { slot: 'false', prefix: 'secondary_' } });
    const stored = { ...('merged' in first ? first.merged : {}), primary_id_type: 'national_id' };
    const again = mergeRecord(slots, ids, stored, { holder_type: 'child', is_primary_id: false, id_type: 'birth_certificate' });
    expect('merged' in again && again.merged).toEqual({ holder_type: 'child', primary_id_type: 'national_id', secondary_id_type: 'birth_certificate', has_secondary_id: true });
    expect(recordOf(slots, ids, 'merged' in again ? again.merged : {}, { slot: 'false', prefix: 'secondary_' })).toEqual({ holder_type: 'child', id_type: 'birth_certificate', is_primary_id: false });
  });

  it('refuses a record naming no slot, or a field the step does not have', () => {
    // A true/false key takes a boolean only: not "maybe", nor [true] or "true" (String() of both is "true").
    for (const key of ['maybe', [true], 'true', { true: 1 }]) {
      expect(mergeRecord(slots, ids, {}, { is_primary_id: key, id_type: 'passport' })).toEqual({ errors: { is_primary_id: REQUEST_TEXTS.notTrueFalse } });
    }
    expect(mergeRecord(slots, ids, {}, { is_primary_id: null, id_type: 'passport' })).toEqual({ errors: { is_primary_id: REQUEST_TEXTS.blankField } });
    const named: StepParts = { key: 'holder', slots: { child: { prefix: 'child_' }, adult: { prefix: 'adult_' } } };
    expect(mergeRecord(named, ids, {}, { holder: ['child'] })).toEqual({ errors: { holder: REQUEST_TEXTS.notListed } });
    expect(mergeRecord(slots, ids, {}, { is_primary_id: true, id_colour: 'blue' })).toEqual({ errors: { id_colour: unknownFieldMessage('id_colour') } });
  });

  it('replaces the list item with the same match values and appends any other', () => {
    const stored = { beneficiaries: [{ id_number: '1', first_name: 'Ava', percent: 60 }] };
    const same = mergeRecord(byId, list, stored, { id_number: '1', first_name: 'Ava', percent: 50 });
    expect(same).toEqual({ merged: { beneficiaries: [{ id_number: '1', first_name: 'Ava', percent: 50 }] }, place: { index: 0 } });
    const other = mergeRecord(byId, list, stored, { id_number: '2', first_name: 'Ravi', percent: 40 });
    expect('place' in other && other.place).toEqual({ index: 1 });
  });

  it("splits the form's errors: this record's (in its names) and conflicts are refused, a slot not received yet is pending", () => {
    const merged = { holder_type: 'child', primary_id_type: 'passport' };
    const errors = { primary_id_files: 'Please upload a file.', secondary_id_type: 'Secondary ID type is required.', holder_type: 'Missing holder type' };
    expect(splitRecordErrors(slots, ids, merged, { slot: 'true', prefix: 'primary_' }, errors)).toEqual({
      refused: { id_files: 'Please upload a file.', holder_type: 'Missing holder type' },
      pending: { secondary_id_type: 'Secondary ID type is required.' },
    });
    const both = { ...merged, secondary_id_type: 'passport' };
    expect(splitRecordErrors(slots, ids, both, { slot: 'true', prefix: 'primary_' }, { secondary_id_type: 'Secondary ID type must be different from primary ID type.' }).refused).toEqual({ secondary_id_type: 'Secondary ID type must be different from primary ID type.' });
  });

  it("splits a list's errors: the item's own refused, the list's total pending, more items than allowed refused", () => {
    const two = { beneficiaries: [{ id_number: '1' }, { id_number: '2' }] };
    expect(splitRecordErrors(byId, list, two, { index: 1 }, { 'beneficiaries.1.first_name': 'First name is required.', beneficiaries: 'Total percentage must equal 100% before proceeding.' })).toEqual({
      refused: { first_name: 'First name is required.' },
      pending: { beneficiaries: 'Total percentage must equal 100% before proceeding.' },
    });
    const three = { beneficiaries: [...two.beneficiaries, { id_number: '3' }] };
    expect(splitRecordErrors(byId, list, three, { index: 2 }, { beneficiaries: 'must NOT have more than 2 items' }).refused).toEqual({ beneficiaries: 'You can add up to 2 beneficiaries.' });
  });

  it('reports parts that do not fit the form', () => {
    expect(partsProblems(slots, ids)).toEqual([]);
    expect(partsProblems(byId, list)).toEqual([]);
    expect(partsProblems({ key: 'holder_type', slots: { a: { prefix: 'primary_' }, b: { prefix: 'tertiary_' } } }, ids).map((p) => p.message)).toEqual([
      '"holder_type" is a field of the step\'s form',
      'no field of the step\'s form starts with "tertiary_"',
      'the fields under "tertiary_" differ from those under "primary_"',
    ]);
    expect(partsProblems({ list: 'beneficiaries', match: ['passport'] }, list).map((p) => p.message)).toEqual(['"passport" is not a field of the records in "beneficiaries"']);
  });
});
