// An analyst's change, made the way an analyst makes it (JSON only), to a copy of the configuration and of
// the QA journeys: (a) a new required field on basic info, its value added to every journey; (b) a new step
// with its own endpoint (the analyst guide's example 6, Tax Residency), its data added to every journey that
// passes there; (c) a message reworded (first name's), every message of forms/messages/ and every field message
// (errorMessage) of every form reworded, and a step retitled (Address); (d) a new required yes/no question on the
// PEP form, its answer added to every journey. `npm run test:analyst-change` runs the server, engine and shared
// suites against the copy: tests take bodies and walks from the configuration and the journeys, and messages
// from the forms, so the change keeps them green.
import fs from 'node:fs';
import path from 'node:path';
import { guideConfig } from './config-copy';
import { isJourneyFile } from '../../scripts/lib/check-journeys';

const REPO = path.resolve(import.meta.dirname, '../..');

/** The new required field of change (a), and the value every journey gives it. */
export const NEW_FIELD = { name: 'mothers_maiden_name', value: 'Ramdial', message: "Mother's maiden name is required." };
/** The new step of change (b), and the data every journey gives it. */
export const NEW_STEP = { id: 'tax-residency', after: 'employment-information', data: { tax_country: 'Trinidad and Tobago', tin: 'TT-1234567' } };

/** The new required question of change (d), on the PEP form, and the answer every journey gives it. */
export const NEW_PEP_QUESTION = { step: 'politically-exposed-persons', form: 'forms/onboarding/politically-exposed-persons', name: 'is_under_sanctions', value: false, message: 'Please say whether you are subject to international sanctions.' };

/** Every `*.schema.json` under forms/, as paths relative to the configuration's root. */
function formSchemaFiles(formsDir: string): string[] {
  return (fs.readdirSync(formsDir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.schema.json') && !file.endsWith('meta.schema.json'))
    .map((file) => path.join('forms', file));
}

/** Appends " (Reworded.)" to every text under an `errorMessage` keyword, at any depth of the schema. */
function rewordErrorMessages(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(rewordErrorMessages);
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'errorMessage') (node as Record<string, unknown>)[key] = reworded(value);
    else rewordErrorMessages(value);
  }
}
function reworded(value: unknown): unknown {
  if (typeof value === 'string') return `${value} (Reworded.)`;
  if (Array.isArray(value)) return value.map(reworded);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reworded(v)]));
  return value;
}

interface JourneyEntry { step: string; data?: Record<string, unknown>; expect?: unknown; skip?: boolean }

export function analystChangeConfig(): { root: string; journeysDir: string } {
  const config = guideConfig([6]);
  config.edit('forms/onboarding/basic-info.schema.json', (schema) => {
    schema.properties[NEW_FIELD.name] = { type: 'string', title: "Mother's maiden name", minLength: 2, maxLength: 60, errorMessage: { minLength: NEW_FIELD.message, maxLength: "Mother's maiden name can be at most 60 characters." } };
    schema.required.push(NEW_FIELD.name);
    // The form's API example (the OpenAPI document's) takes the new field too, as the journeys do.
    for (const example of schema.examples ?? []) example[NEW_FIELD.name] = NEW_FIELD.value;
    schema.errorMessage.required[NEW_FIELD.name] = NEW_FIELD.message;
  });
  config.edit('forms/onboarding/basic-info.ui.json', (ui) => {
    ui['ui:order'].splice(ui['ui:order'].indexOf('nationality') + 1, 0, NEW_FIELD.name);
    ui['ui:groups'][0].fields.push(NEW_FIELD.name);
  });

  // (c) Words an analyst changes: tests read them from the configuration, never from their own copy.
  config.edit('forms/onboarding/basic-info.schema.json', (schema) => {
    schema.properties.first_name.errorMessage = { ...schema.properties.first_name.errorMessage, type: 'Please enter your first name.', minLength: 'Please enter your first name.' };
    schema.errorMessage.required.first_name = 'Please enter your first name.';
  });
  config.edit('flows/onboarding.flow.json', (flow) => {
    flow.steps.address.title = 'Home Address';
  });
  // ...and every message of forms/messages/, which tests read from the files as the server and the pages do.
  for (const file of fs.readdirSync(path.join(config.root, 'forms/messages'))) {
    config.edit(`forms/messages/${file}`, (messages) => {
      for (const key of Object.keys(messages)) if (key !== '$comment') messages[key] = `${messages[key]} (Reworded.)`;
    });
  }

  // (d) A required question on a step whose body tests send by hand elsewhere (the PEP step): they take it from the journeys.
  config.edit(`${NEW_PEP_QUESTION.form}.schema.json`, (schema) => {
    schema.properties[NEW_PEP_QUESTION.name] = { type: 'boolean', title: 'Are you subject to international sanctions?', errorMessage: NEW_PEP_QUESTION.message };
    schema.required.push(NEW_PEP_QUESTION.name);
    schema.errorMessage.required[NEW_PEP_QUESTION.name] = NEW_PEP_QUESTION.message;
  });
  config.edit(`${NEW_PEP_QUESTION.form}.ui.json`, (ui) => {
    ui['ui:order'].splice(ui['ui:order'].indexOf('is_close_associate'), 0, NEW_PEP_QUESTION.name);
    ui[NEW_PEP_QUESTION.name] = { 'ui:widget': 'yes-no' };
  });

  // ...and every field message of every form (errorMessage, wherever it sits in a schema): tests read a field's
  // message from its form, as the pages and the server do.
  for (const file of formSchemaFiles(path.join(config.root, 'forms'))) config.edit(file, (schema) => rewordErrorMessages(schema));

  const journeysDir = path.join(config.root, 'journeys');
  fs.cpSync(path.join(REPO, 'tests/fixtures/journeys'), journeysDir, { recursive: true });
  for (const file of fs.readdirSync(journeysDir).filter(isJourneyFile)) {
    const full = path.join(journeysDir, file);
    const journey = JSON.parse(fs.readFileSync(full, 'utf8')) as { entries: JourneyEntry[] };
    for (const entry of journey.entries) if (entry.step === 'basic-info' && entry.data) entry.data[NEW_FIELD.name] = NEW_FIELD.value;
    for (const entry of journey.entries) if (entry.step === NEW_PEP_QUESTION.step && entry.data) entry.data[NEW_PEP_QUESTION.name] = NEW_PEP_QUESTION.value;
    // The new step follows the last attempt at the step before it (a refused attempt is followed by a retry).
    const last = journey.entries.map((e) => e.step).lastIndexOf(NEW_STEP.after);
    if (last >= 0) journey.entries.splice(last + 1, 0, { step: NEW_STEP.id, data: NEW_STEP.data });
    fs.writeFileSync(full, JSON.stringify(journey, null, 2));
  }
  return { root: config.root, journeysDir };
}
