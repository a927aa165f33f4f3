import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Signup } from '../db/tables/signups.table.js';
import { readJsonFile } from '../../shared/config-check/json-source.js';
import { configRoot, readFormsDir } from '../../shared/forms/read-forms-dir.js';
import type { FormSources, JsonObject } from '../../shared/forms/form-registry.js';
import { reviewContext, riskFlagsFor, type DocumentFacts, type ReviewRules } from '../../shared/review/review-rules.js';
import { today } from '../../shared/dates/today.js';
import { onboardingFlow } from './onboarding-flow.js';
import { serverContext, serverFacts } from './applicant-facts.js';
import { loadSteps } from './signup-steps.repository.js';
import type { StepConsent } from './signup-steps.repository.js';

type Db = Kysely<Database>;

interface Loaded {
  rules: ReviewRules;
  forms: FormSources;
  /** consentTextVersion's answers, by consent (the texts are read once per process too). */
  versions: Map<string, string>;
}
const cache = new Map<string, Loaded>();
/** flows/review.json (in CONFIG_ROOT when set) and the forms it reads, once per process; none when the file is absent. */
function loaded(): Loaded {
  const root = configRoot();
  let entry = cache.get(root);
  if (!entry) {
    const file = path.join(root, 'flows/review.json');
    const rules = fs.existsSync(file) ? (readJsonFile(file, 'flows/review.json', (f) => fs.readFileSync(f, 'utf8')) as ReviewRules) : { riskFlags: {}, consents: {} };
    entry = { rules, forms: readFormsDir(path.join(root, 'forms')), versions: new Map() };
    cache.set(root, entry);
  }
  return entry;
}

/** The review rules (risk flags and consents) of flows/review.json. */
export function reviewRules(): ReviewRules {
  return loaded().rules;
}

/** The flag id -> label table the back office shows as chips. */
export function riskFlagLabels(): Record<string, string> {
  return Object.fromEntries(Object.entries(reviewRules().riskFlags).map(([id, flag]) => [id, flag.label]));
}

/** A form field's schema wherever the form declares it (top level or inside if/then and allOf branches). */
function fieldSchema(schema: unknown, field: string): JsonObject | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const s = schema as JsonObject;
  if (s.properties && typeof s.properties === 'object' && Object.hasOwn(s.properties, field)) return s.properties[field] as JsonObject;
  for (const key of ['allOf', 'anyOf', 'oneOf']) for (const branch of Array.isArray(s[key]) ? s[key] : []) {
    const found = fieldSchema(branch, field) ?? fieldSchema((branch as JsonObject)?.then, field) ?? fieldSchema((branch as JsonObject)?.else, field);
    if (found) return found;
  }
  return fieldSchema(s.then, field) ?? fieldSchema(s.else, field);
}

/**
 * The risk flags of an application from what the server holds (never from the browser): the flow's facts,
 * the applicant context, every stored answer, and the documents against their fields' limits.
 */
export async function computeRiskFlags(db: Db, signup: Signup, now: Date): Promise<string[]> {
  const { rules, forms } = loaded();
  const day = today(now);
  const flow = onboardingFlow();
  const stored = await loadSteps(db, signup.id);
  const steps = [...stored].map(([step, data]) => ({ step, data }));
  const files = await db.selectFrom('signup_files').select(['step', 'field', 'original_name', 'content_type', 'size_bytes']).where('signup_id', '=', signup.id).execute();
  const documents: DocumentFacts[] = files.map((f) => {
    const formId = flow.steps[f.step]?.form;
    const field = formId ? fieldSchema(forms.schemas[formId], f.field) : undefined;
    return {
      originalName: f.original_name,
      contentType: f.content_type,
      sizeBytes: Number(f.size_bytes),
      accepted: Array.isArray(field?.fileTypes) ? (field.fileTypes as string[]) : undefined,
      maxBytes: typeof field?.maxFileSize === 'number' ? field.maxFileSize : undefined,
    };
  });
  const context = reviewContext(steps, { ...serverContext(signup, stored), ...serverFacts(signup, day, stored) });
  return riskFlagsFor(rules, context, documents, day);
}

/** Computes and stores an application's risk flags (at final submission, and when an administrator asks again). */
export async function refreshRiskFlags(db: Db, signup: Signup, now: Date): Promise<string[]> {
  const flags = await computeRiskFlags(db, signup, now);
  await db.updateTable('signups').set({ risk_flags: flags, risk_flags_on: now }).where('id', '=', signup.id).execute();
  return flags;
}

/**
 * The version of a consent's text as the applicant saw it: a hash of the step's title and content (flow
 * file) and, for a field, its title and agreement text (form and UI schema). Rewording any of them makes a
 * new version, so the record says which wording was agreed to.
 */
export function consentTextVersion(consentId: string): string {
  const { rules, forms, versions } = loaded();
  const known = versions.get(consentId);
  if (known) return known;
  const consent = rules.consents[consentId];
  const step = onboardingFlow().steps[consent.step];
  const formId = step?.form;
  const shown = {
    step: { title: step?.title, description: step?.description, content: step?.content },
    field: consent.field && formId ? { schema: fieldSchema(forms.schemas[formId], consent.field)?.title, ui: forms.uiSchemas[formId]?.[consent.field] } : null,
  };
  const version = crypto.createHash('sha256').update(JSON.stringify(shown)).digest('hex').slice(0, 16);
  versions.set(consentId, version);
  return version;
}

/**
 * The consents a step's validated data gives (flows/review.json), each with the version of the text shown and
 * the client address; `saveStep` stores them with the step. A consent with a field counts only when it is true.
 */
export function consentsGiven(step: string, data: Record<string, unknown>, clientIp: string | null): StepConsent[] {
  return Object.entries(reviewRules().consents)
    .filter(([, c]) => c.step === step && (!c.field || data[c.field] === true))
    .map(([id]) => ({ consent: id, textVersion: consentTextVersion(id), clientIp }));
}

/** An application's consents for the review page, in the order flows/review.json lists them. */
export async function listConsents(db: Db, signupId: string) {
  const rules = reviewRules().consents;
  const rows = await db.selectFrom('signup_consents').select(['consent', 'step', 'text_version', 'client_ip', 'agreed_on']).where('signup_id', '=', signupId).execute();
  const order = Object.keys(rules);
  return rows
    .sort((a, b) => order.indexOf(a.consent) - order.indexOf(b.consent))
    .map((r) => ({ ...r, label: rules[r.consent]?.label ?? r.consent, current_version: rules[r.consent] ? r.text_version === consentTextVersion(r.consent) : false }));
}
