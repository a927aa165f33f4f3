// The sign-in and reset forms (forms/auth) are forms like any other: config:check finds and checks them.
import { checkConfig, formatProblems } from '../../src/shared/config-check/check-config';
import { WIDGET_NAMES } from '../../src/shared/forms/widget-names';
import { transforms } from '../../src/shared/transforms';
import { copyConfig } from './config-copy';

const check = (root: string) => checkConfig({ root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms) });
const AUTH_FORMS = ['sign-in', 'reset-email', 'reset-code', 'reset-password', 'sign-in-code'];

describe('config:check and forms/auth', () => {
  it('accepts the repository’s auth forms', () => {
    const config = copyConfig('repository');
    for (const name of AUTH_FORMS) expect(config.read(`forms/auth/${name}.schema.json`).type).toBe('object');
    expect(formatProblems(check(config.root))).toBe('');
  });

  it.each([
    ['a misspelt widget', 'forms/auth/sign-in.ui.json', (u: any) => (u.password['ui:widget'] = 'pasword'), /widget "pasword" is not one the sign-in pages' forms can show/],
    ["a wizard widget FlatForm cannot show (it would throw when the page renders)", 'forms/auth/sign-in.ui.json', (u: any) => (u.email['ui:widget'] = 'searchable-select'), /widget "searchable-select" is not one the sign-in pages' forms can show/],
    ['a misspelt keyword', 'forms/auth/reset-code.schema.json', (s: any) => (s.properties.code.maxlength = 6), /maxlength/],
    ['a message for a keyword the field lacks', 'forms/auth/reset-email.schema.json', (s: any) => (s.properties.email.errorMessage.pattern = 'x'), /pattern/],
    ['a field missing from ui:order', 'forms/auth/reset-password.ui.json', (u: any) => (u['ui:order'] = ['new_password']), /confirm_password/],
  ])('reports %s in an auth form', (_label, file, change, message) => {
    const config = copyConfig('repository');
    config.edit(file, change);
    const problems = check(config.root);
    expect(problems.some((p) => p.file === file && message.test(`${p.message} ${p.path}`)), formatProblems(problems)).toBe(true);
  });
});
