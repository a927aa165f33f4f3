import { ruleHolds, type FactRule } from '../facts/declared-facts';
import type { ApplicantContext } from '../facts/applicant-context';

/** One risk flag of flows/review.json: a fact rule over the application, or a check of its documents. */
export interface RiskFlagRule {
  label: string;
  description?: string;
  rule?: FactRule;
  documents?: { tinyBelowBytes?: number; nearLimitFraction?: number };
}

/** One consent of flows/review.json: the step where the applicant agrees, and the yes/no field if any. */
export interface ConsentRule {
  label: string;
  step: string;
  field?: string;
}

/** flows/review.json: what the back office's review reads from an application. */
export interface ReviewRules {
  riskFlags: Record<string, RiskFlagRule>;
  consents: Record<string, ConsentRule>;
}

/** A stored document with what its form field accepts (`fileTypes`, `maxFileSize`). */
export interface DocumentFacts {
  originalName: string;
  contentType: string;
  sizeBytes: number;
  accepted?: string[];
  maxBytes?: number;
}

const TYPE_OF_MIME: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };
const sameType = (a: string) => (a === 'jpg' ? 'jpeg' : a);

/** Why a document looks unusual under a flag's `documents` limits, or null when it does not. */
export function unusualDocument(doc: DocumentFacts, limits: NonNullable<RiskFlagRule['documents']>): string | null {
  const sniffed = TYPE_OF_MIME[doc.contentType];
  const ext = /\.([a-z0-9]+)$/i.exec(doc.originalName)?.[1]?.toLowerCase();
  if (!sniffed || (doc.accepted && !doc.accepted.some((a) => sameType(a) === sniffed))) return 'type not accepted';
  if (ext && sameType(ext) !== sniffed) return 'type does not match its name';
  if (limits.tinyBelowBytes !== undefined && doc.sizeBytes < limits.tinyBelowBytes) return 'unusually small';
  if (limits.nearLimitFraction !== undefined && doc.maxBytes !== undefined && doc.sizeBytes >= doc.maxBytes * limits.nearLimitFraction) return 'near the size limit';
  return null;
}

/** The ids of the flags that hold for an application (context: facts, server context and "<step>.<field>" answers). */
export function riskFlagsFor(rules: ReviewRules, context: ApplicantContext, documents: DocumentFacts[], day: string): string[] {
  return Object.entries(rules.riskFlags)
    .filter(([, flag]) => (flag.rule ? ruleHolds(flag.rule, context, day) : flag.documents ? documents.some((d) => unusualDocument(d, flag.documents!) !== null) : false))
    .map(([id]) => id);
}

/** The context a risk rule reads: every stored step's answers as "<step>.<field>", then the given values. */
export function reviewContext(steps: Array<{ step: string; data: Record<string, unknown> }>, base: ApplicantContext): ApplicantContext {
  const out: ApplicantContext = {};
  for (const { step, data } of steps) for (const [field, value] of Object.entries(data ?? {})) out[`${step}.${field}`] = value;
  return { ...out, ...base };
}
