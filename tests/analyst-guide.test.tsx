// @vitest-environment jsdom
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
import { copyConfig } from './scripts/config-copy';

interface Replay {
  op: 'set' | 'append';
  file: string;
  pointer: string;
  value: unknown;
}

/** The guide's replay comments, each followed by a ```json block. */
function readReplays(): Replay[] {
  const guide = fs.readFileSync(path.resolve(import.meta.dirname, '../docs/analyst-guide.md'), 'utf8');
  const re = /<!-- replay: (set|append) (\S+) (\S+) -->\s*```json\n([\s\S]*?)```/g;
  return [...guide.matchAll(re)].map((m) => ({ op: m[1] as Replay['op'], file: m[2], pointer: m[3], value: JSON.parse(m[4]) }));
}

function apply(json: any, { op, pointer, value }: Replay): void {
  const parts = pointer.split('/').slice(1);
  const last = parts.pop()!;
  let node = json;
  for (const p of parts) node = node[p] ??= {};
  if (op === 'append') node[last].push(value);
  else node[last] = value;
}

const replays = readReplays();
const config = copyConfig('repository');
for (const replay of replays) config.edit(replay.file, (json) => apply(json, replay));
const options = { root: config.root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms) };

describe('docs/analyst-guide.md, replayed on a copy of the configuration', () => {
  it('has the five worked examples', () => {
    expect(replays.map((r) => `${r.op} ${r.file} ${r.pointer}`)).toHaveLength(7);
  });

  it('leaves a configuration the checker accepts', () => {
    expect(formatProblems(checkConfig(options))).toBe('');
  });

  it('1. the added field appears in the browser and is validated there and on the server, with no TypeScript change', async () => {
    const outDir = path.join(config.root, 'generated');
    const sources = readFormsDir(path.join(config.root, 'forms'));
    expect(compileFormValidators({ sources, outDir }).errors).toEqual([]);
    // Imported from inside the repository so the generated module resolves the ajv runtime.
    const local = path.resolve(import.meta.dirname, '../.tmp/guide-forms');
    fs.mkdirSync(local, { recursive: true });
    const target = path.join(local, `branch-${Date.now()}.js`);
    fs.copyFileSync(path.join(outDir, 'forms', moduleFileOf('onboarding/branch')), target);
    const form = formFromModule(await import(/* @vite-ignore */ target));
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
});
