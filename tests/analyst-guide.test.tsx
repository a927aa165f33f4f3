// @vitest-environment happy-dom
// Replays every worked example of docs/analyst-guide.md on a copy of the configuration, so the guide
// cannot go stale, and proves a field added in JSON alone appears in the browser and is validated on
// both sides.
import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkConfig, formatProblems } from '../src/shared/config-check/check-config';
import { compileFormValidators, moduleFileOf } from '../scripts/lib/compile-form-validators';
import { WIDGET_NAMES } from '../src/shared/forms/widget-names';
import { transforms } from '../src/shared/transforms';
import { createAjv } from '../src/shared/create-ajv';
import { ajvErrorsToFieldErrors } from '../src/shared/api-error';
import { resolveForm } from '../src/shared/forms/form-registry';
import { readFormsDir } from '../src/shared/forms/read-forms-dir';
import { applicantProfiles, walkFlow } from '../src/shared/flow/walk-flow';
import { SchemaForm } from '../src/ui/forms/schema-form';
import { formFromModule } from '../src/ui/forms/load-form';
import { copyConfig, guideConfig } from './scripts/config-copy';
import { impossiblePairs } from '../src/shared/facts/declared-facts';

const config = guideConfig();
const replays = config.replays;
const options = { root: config.root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms) };

/** A form of the copy as the browser gets it: compiled the way the build does, with its precompiled validator. */
async function browserForm(formId: string) {
  const outDir = fs.mkdtempSync(path.join(config.root, 'generated-'));
  expect(compileFormValidators({ sources: readFormsDir(path.join(config.root, 'forms')), outDir }).errors).toEqual([]);
  // Imported from inside the repository so the generated module resolves the ajv runtime.
  const local = path.resolve(import.meta.dirname, '../.tmp/guide-forms');
  fs.mkdirSync(local, { recursive: true });
  const target = path.join(local, `${moduleFileOf(formId).replace(/\.js$/, '')}-${Date.now()}.js`);
  fs.copyFileSync(path.join(outDir, 'forms', moduleFileOf(formId)), target);
  return formFromModule(await import(/* @vite-ignore */ target));
}

describe('docs/analyst-guide.md, replayed on a copy of the configuration', () => {
  it('has the seven worked examples', () => {
    expect(replays.map((r) => `${r.op} ${r.file} ${r.pointer}`)).toHaveLength(16);
  });

  it("6 and 7 keep the branches the steps already had (an analyst's earlier branch after Employment Information)", () => {
    const flowFile = 'flows/onboarding.flow.json';
    const branch = { when: { properties: { isForeignNational: { const: true } }, required: ['isForeignNational'] }, to: 'power-of-attorney' };
    const before = config.read(flowFile).steps['employment-information'];
    const edited = guideConfig(undefined, (c) => c.edit(flowFile, (f) => f.steps['employment-information'].next.unshift(branch)));
    const flow = edited.read(flowFile);
    expect(flow.steps['employment-information'].next).toEqual([{ to: 'tax-residency' }]);
    expect(flow.steps['senior-benefits'].next).toEqual([branch, ...copyConfig('repository').read(flowFile).steps['employment-information'].next]);
    expect(flow.steps['tax-residency'].next[1]).toEqual(branch);
    expect(before.next).toEqual([{ to: 'tax-residency' }]);
  });

  it('leaves a configuration the checker accepts', () => {
    expect(formatProblems(checkConfig(options))).toBe('');
  });

  it('1. the added field appears in the browser and is validated there and on the server, with no TypeScript change', async () => {
    const sources = readFormsDir(path.join(config.root, 'forms'));
    const form = await browserForm('onboarding/branch');
    const onSubmit = vi.fn();
    render(<SchemaForm form={form} formData={{ home_branch: form.schema.properties.home_branch.oneOf?.[0]?.const ?? form.schema.properties.home_branch.enum?.[0], preferred_contact_method: form.schema.properties.preferred_contact_method.oneOf?.[0]?.const, best_contact_time: 'evening' }} onSubmit={onSubmit} />);
    const notes = screen.getByLabelText('Notes for the branch');
    // Pasted, not typed key by key: 201 re-renders made this test slow enough to time out on a busy machine.
    await userEvent.click(notes);
    await userEvent.paste('x'.repeat(201));
    await userEvent.click(screen.getByRole('button', { name: /Submit|Next/ }));
    expect(await screen.findByText('Notes cannot exceed 200 characters.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    const server = createAjv().compile(resolveForm(sources, 'onboarding/branch').schema);
    expect(server({ branch_notes: 'x'.repeat(201) })).toBe(false);
    expect(ajvErrorsToFieldErrors(server.errors).branch_notes).toBe('Notes cannot exceed 200 characters.');
  });

  it('2. the new list option is accepted on both sides; 3. the changed message is the one shown', () => {
    const sources = readFormsDir(path.join(config.root, 'forms'));
    const validate = createAjv().compile(resolveForm(sources, 'onboarding/branch').schema);
    validate({ best_contact_time: 'evening' });
    const fields = ajvErrorsToFieldErrors(validate.errors);
    expect(fields.best_contact_time).toBeUndefined();
    expect(fields.home_branch).toBe('Please choose your home branch.');
  });

  it('4. the new step is on every path; 5. after the branch, only for existing customers', () => {
    const flow = config.read('flows/onboarding.flow.json');
    for (const profile of applicantProfiles(flow)) {
      const ids = walkFlow(flow, profile.facts).map((s) => s.id);
      expect(ids.at(-1)).toBe('success');
      expect(ids.includes('before-you-submit'), profile.name).toBe(profile.facts.isExistingCustomer);
    }
  });

  it('6. the step with its own endpoint is on every path, after employment; its form shows its message in the browser', async () => {
    const flow = config.read('flows/onboarding.flow.json');
    for (const profile of applicantProfiles(flow)) {
      const ids = walkFlow(flow, profile.facts).map((s) => s.id);
      expect(ids.indexOf('tax-residency'), profile.name).toBe(ids.indexOf('employment-information') + 1);
    }
    const form = await browserForm('onboarding/tax-residency');
    render(<SchemaForm form={form} onSubmit={vi.fn()} />);
    expect(screen.getByLabelText(/Country of tax residence/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Submit|Next/ }));
    expect(await screen.findByText('Please enter your country of tax residence.')).toBeInTheDocument();
  });

  it('7. seniors (a declared fact) see Senior Benefits; nobody is both a minor and a senior', () => {
    const flow = config.read('flows/onboarding.flow.json');
    const profiles = applicantProfiles(flow);
    expect(profiles.some((p) => p.facts.isSenior && p.facts.isMinor)).toBe(false);
    expect(profiles.filter((p) => p.facts.isSenior)).toHaveLength(4);
    for (const profile of profiles) expect(walkFlow(flow, profile.facts).some((s) => s.id === 'senior-benefits'), profile.name).toBe(profile.facts.isSenior);
    expect(impossiblePairs(flow.facts, ['isMinor', 'isSenior'])).toEqual(['a minor and a senior']);
  });
});
