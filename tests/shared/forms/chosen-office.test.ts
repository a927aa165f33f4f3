import { chosenOffice } from '../../../src/shared/forms/chosen-office';
import { officeMistakes } from '../../../src/shared/config-check/form-mistakes';
import { readFormList } from '../../../src/shared/forms/read-forms-dir';

const branches = { type: 'string', oneOf: [{ const: 'north', title: 'North', 'x-office': 1 }, { const: 'south', title: 'South', 'x-office': 2 }] };
const offices = { type: 'integer', oneOf: [{ const: 1, title: 'One' }, { const: 2, title: 'Two' }] };

/** The office of an approved applicant comes from the option they chose, so a branch added in JSON needs no code (analyst review). */
describe('the office an applicant chose (x-office)', () => {
  it('is the x-office of the chosen option, whatever the field and the step are called', () => {
    const form = { schema: { properties: { name: { type: 'string' }, where: branches } }, data: { name: 'x', where: 'south' } };
    expect(chosenOffice([{ schema: { properties: {} }, data: {} }, form])).toBe(2);
    expect(chosenOffice([{ ...form, data: { where: 'east' } }])).toBeNull();
  });

  it("the checker names an option without an office, and an office offices.json lacks; the repository's branches check out", () => {
    const added = { ...branches, oneOf: [...branches.oneOf, { const: 'east', title: 'East' }, { const: 'west', title: 'West', 'x-office': 9 }] };
    expect(officeMistakes('forms/lists/branches.json', added, offices)).toEqual([
      expect.objectContaining({ path: '/oneOf/2', message: expect.stringMatching(/"east" names no office/) }),
      expect.objectContaining({ path: '/oneOf/3/x-office', message: expect.stringMatching(/office 9 is not in forms\/lists\/offices.json/) }),
    ]);
    expect(officeMistakes('forms/lists/branches.json', readFormList('branches'), readFormList('offices'))).toEqual([]);
  });
});
