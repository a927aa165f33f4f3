import { describe, expect, it } from 'vitest';
import { HOME_COUNTRY, OFFICES, ROLES } from '../../src/shared/product';
import { readFormList } from '../../src/shared/forms/read-forms-dir';
import { listOptions } from '../../src/shared/forms/list-options';

const values = (name: string) => listOptions(readFormList(name)).map((o) => o.value);

describe('the ids and tables the code acts on name what forms/lists says', () => {
  it('every role id is in roles.json', () => {
    for (const id of Object.values(ROLES)) expect(values('roles')).toContain(id);
  });

  it('every office id is in offices.json', () => {
    for (const id of Object.values(OFFICES)) expect(values('offices')).toContain(id);
  });

  it('every branch of branches.json names an office of offices.json (x-office)', () => {
    const branches = readFormList('branches') as { oneOf: Array<{ 'x-office'?: unknown }> };
    for (const branch of branches.oneOf) expect(values('offices')).toContain(branch['x-office']);
  });

  it('the home country is in countries.json', () => {
    expect(listOptions(readFormList('countries'))).toContainEqual({ value: HOME_COUNTRY.code, title: 'Trinidad and Tobago' });
  });
});
