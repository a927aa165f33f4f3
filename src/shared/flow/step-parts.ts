import type { JsonObject as Schema } from '../forms/form-registry';
import { ONBOARDING_TEXTS } from '../onboarding-texts.js';
import { REQUEST_TEXTS } from '../request-texts.js';
import { fillText } from '../fill-text.js';

/**
 * A step stored from one call per record (the flow file's `submit.parts`, flows/README.md) as well as from one
 * body with every record. Two shapes:
 * - slots: the record names its place with a field (`key`), and its fields are the step form's fields under that
 *   slot's prefix (`is_primary_id: true` + `id_type` is the step's `primary_id_type`); `set` adds fixed values
 *   when that slot arrives (the child's second ID ticks `has_secondary_id`).
 * - list: the record is one item of the step form's list field (`list`); an item with the same `match` fields is
 *   replaced, any other appended.
 * The record is checked by the step's own form once merged, so its rules and messages stay in one file.
 */
export type StepParts = SlotParts | ListParts;

export interface SlotParts {
  key: string;
  slots: Record<string, { prefix: string; set?: Record<string, string | number | boolean | null> }>;
  $comment?: string;
}

export interface ListParts {
  list: string;
  match: string[];
  $comment?: string;
}

export function isSlotParts(parts: StepParts): parts is SlotParts {
  return 'slots' in parts;
}

type Data = Record<string, unknown>;

/** True when a body is one record (the spec's call) rather than the whole step (our client's). */
export function isRecordBody(parts: StepParts, body: Data): boolean {
  return isSlotParts(parts) ? parts.key in body : !(parts.list in body);
}

/** Slots named "true" and "false": the key is a boolean (`is_primary_id`). */
function hasBooleanSlots(parts: SlotParts): boolean {
  return Object.keys(parts.slots).every((n) => n === 'true' || n === 'false');
}

/**
 * What a call is told when the field that chooses a step's variant or a record's slot is missing or not one of its
 * choices: the form's own required message for it (else the general one), or the words for a value not listed.
 */
export function unpickedMessage(schema: Schema, field: string, value: unknown, boolean = false): string {
  if (value === undefined || value === null || value === '') return schema.errorMessage?.required?.[field] ?? REQUEST_TEXTS.blankField;
  return boolean ? REQUEST_TEXTS.notTrueFalse : REQUEST_TEXTS.notListed;
}

function setFields(parts: SlotParts): Set<string> {
  return new Set(Object.values(parts.slots).flatMap((s) => Object.keys(s.set ?? {})));
}

/** The step form's fields every record of a slot step carries unprefixed (holder_type): in no slot and not `set`. */
export function sharedFields(parts: SlotParts, stepSchema: Schema): string[] {
  const prefixes = Object.values(parts.slots).map((s) => s.prefix);
  const fixed = setFields(parts);
  return Object.keys(stepSchema.properties ?? {}).filter((f) => !prefixes.some((p) => f.startsWith(p)) && !fixed.has(f));
}

/** A slot's own fields, named as the record sends them (`primary_id_type` -> `id_type`). */
export function slotFields(stepSchema: Schema, prefix: string): string[] {
  return Object.keys(stepSchema.properties ?? {})
    .filter((f) => f.startsWith(prefix))
    .map((f) => f.slice(prefix.length));
}

/**
 * The schema of one record, derived from the step form: the fields a record may send with their types, file
 * limits and messages (the multipart reader coerces and streams by it). Not a validator: the merged step is.
 */
export function recordSchema(parts: StepParts, stepSchema: Schema): Schema {
  const props: Record<string, Schema> = {};
  if (isSlotParts(parts)) {
    for (const f of sharedFields(parts, stepSchema)) props[f] = stepSchema.properties[f];
    for (const { prefix } of Object.values(parts.slots)) {
      for (const f of slotFields(stepSchema, prefix)) props[f] ??= stepSchema.properties[prefix + f];
    }
    props[parts.key] = hasBooleanSlots(parts) ? { type: 'boolean' } : { type: 'string', enum: Object.keys(parts.slots) };
  } else {
    Object.assign(props, stepSchema.properties?.[parts.list]?.items?.properties ?? {});
  }
  return { type: 'object', properties: props };
}

/** Where a record went: its slot's prefix, or its index in the list. */
export type RecordPlace = { slot: string; prefix: string } | { index: number };

/**
 * Merges one record into the step's stored data: a slot's earlier fields are replaced as a whole (a field the new
 * record leaves out is gone), a list item with the same `match` values is replaced. Returns field errors
 * (record names) instead when the record names no slot or sends a field the step does not have.
 */
export function mergeRecord(parts: StepParts, stepSchema: Schema, stored: Data, record: Data): { merged: Data; place: RecordPlace } | { errors: Record<string, string> } {
  const known = recordSchema(parts, stepSchema).properties as Record<string, Schema>;
  const unknown = Object.keys(record).filter((f) => !Object.hasOwn(known, f));
  if (unknown.length) return { errors: Object.fromEntries(unknown.map((f) => [f, fillText(REQUEST_TEXTS.unknownField, { field: f })])) };
  if (!isSlotParts(parts)) {
    const list = Array.isArray(stored[parts.list]) ? [...(stored[parts.list] as Data[])] : [];
    const same = (item: Data) => parts.match.every((f) => item[f] !== undefined && JSON.stringify(item[f]) === JSON.stringify(record[f]));
    let index = list.findIndex(same);
    if (index < 0) index = list.push(record) - 1;
    else list[index] = record;
    return { merged: { ...stored, [parts.list]: list }, place: { index } };
  }
  const value = record[parts.key];
  const slotName = String(value);
  // true/false slots take a boolean (never [true] or "true" in JSON; the multipart reader coerces by recordSchema), any
  // other a text; its own keys only: "__proto__" or "constructor" would find the object's machinery.
  const typed = hasBooleanSlots(parts) ? typeof value === 'boolean' : typeof value === 'string';
  const slot = typed && Object.hasOwn(parts.slots, slotName) ? parts.slots[slotName] : undefined;
  if (!slot) return { errors: { [parts.key]: unpickedMessage(stepSchema, parts.key, value, hasBooleanSlots(parts)) } };
  const shared = new Set(sharedFields(parts, stepSchema));
  const merged: Data = { ...stored };
  for (const f of slotFields(stepSchema, slot.prefix)) delete merged[slot.prefix + f];
  for (const [f, value] of Object.entries(record)) {
    if (f === parts.key) continue;
    merged[shared.has(f) ? f : slot.prefix + f] = value;
  }
  Object.assign(merged, slot.set ?? {});
  return { merged, place: { slot: slotName, prefix: slot.prefix } };
}

/** The record as stored, in the record's own names (the answer to a record call). */
export function recordOf(parts: StepParts, stepSchema: Schema, data: Data, place: RecordPlace): Data {
  if ('index' in place) return { ...((data[(parts as ListParts).list] as Data[] | undefined)?.[place.index] ?? {}) };
  const slots = parts as SlotParts;
  const out: Data = {};
  for (const f of sharedFields(slots, stepSchema)) if (data[f] !== undefined) out[f] = data[f];
  for (const f of slotFields(stepSchema, place.prefix)) if (data[place.prefix + f] !== undefined) out[f] = data[place.prefix + f];
  out[slots.key] = hasBooleanSlots(slots) ? place.slot === 'true' : place.slot;
  return out;
}

/**
 * Splits the step form's errors on the merged data: `refused` are this record's own (in its names) and any
 * conflict with a record already stored (in the step's names); `pending` are what records not sent yet must
 * bring (a slot not received; the list's own rules such as its total, unless more items than it allows).
 */
/** Whether the items' shares (the `totalPercent` keyword's field) add up to more than its total, to the cent as the keyword counts. */
function sharesOver(rule: unknown, items: unknown[]): boolean {
  if (!rule || typeof rule !== 'object') return false;
  const { field, equals } = rule as { field?: unknown; equals?: unknown };
  if (typeof field !== 'string' || typeof equals !== 'number') return false;
  const total = items.reduce<number>((sum, item) => sum + (item && typeof item === 'object' && typeof (item as Data)[field] === 'number' ? ((item as Data)[field] as number) : 0), 0);
  return Math.round(total * 100) > Math.round(equals * 100);
}

export function splitRecordErrors(parts: StepParts, stepSchema: Schema, merged: Data, place: RecordPlace, errors: Record<string, string>) {
  const refused: Record<string, string> = {};
  const pending: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [top, ...rest] = path.split('.');
    if (!isSlotParts(parts) && 'index' in place) {
      const list = parts.list;
      if (top === list && rest.length === 0) {
        // A list rule no later record can mend refuses this one (more items than allowed, shares above the total);
        // any other waits for the records to come (shares short of the total).
        const listSchema = stepSchema.properties?.[list] ?? {};
        const items = Array.isArray(merged[list]) ? (merged[list] as unknown[]) : [];
        const tooMany = typeof listSchema.maxItems === 'number' && items.length > listSchema.maxItems;
        if (tooMany) refused[list] = listSchema.errorMessage?.maxItems ?? message;
        // Over the total: said as such, not with the list's totalPercent message (for going on before the total).
        else if (sharesOver(listSchema.totalPercent, items)) refused[list] = ONBOARDING_TEXTS.totalExceeded;
        else pending[path] = message;
      } else if (top === list && rest[0] === String(place.index)) refused[rest.slice(1).join('.') || list] = message;
      else refused[path] = message;
      continue;
    }
    if (isSlotParts(parts) && 'prefix' in place) {
      const own = top.startsWith(place.prefix);
      const other = Object.values(parts.slots).find((s) => s.prefix !== place.prefix && top.startsWith(s.prefix));
      if (own) refused[[top.slice(place.prefix.length), ...rest].join('.')] = message;
      else if (other && !Object.keys(merged).some((f) => f.startsWith(other.prefix))) pending[path] = message;
      else refused[path] = message;
    }
  }
  return { refused, pending };
}

/** Problems with a step's `parts` against its form (the config checker reports them). */
export function partsProblems(parts: StepParts, stepSchema: Schema): Array<{ at: string[]; message: string; hint: string }> {
  const out: Array<{ at: string[]; message: string; hint: string }> = [];
  const props = stepSchema.properties ?? {};
  const fields = Object.keys(props);
  if (isSlotParts(parts)) {
    if (parts.key in props) out.push({ at: ['key'], message: `"${parts.key}" is a field of the step's form`, hint: 'The key tells a one-record call from the whole step: name a field only the record sends (is_primary_id).' });
    const prefixes = Object.entries(parts.slots);
    if (prefixes.length < 2) out.push({ at: ['slots'], message: 'fewer than two slots', hint: 'A step stored from several records has a slot per record, e.g. { "true": { "prefix": "primary_" }, "false": { "prefix": "secondary_" } }.' });
    for (const [name, slot] of prefixes) {
      if (!fields.some((f) => f.startsWith(slot.prefix))) out.push({ at: ['slots', name, 'prefix'], message: `no field of the step's form starts with "${slot.prefix}"`, hint: `Fields: ${fields.join(', ')}.` });
      for (const [other, o] of prefixes) {
        if (other !== name && o.prefix.startsWith(slot.prefix)) out.push({ at: ['slots', name, 'prefix'], message: `the prefix "${slot.prefix}" also starts "${o.prefix}" (slot "${other}")`, hint: 'Give each slot a prefix no other one starts with.' });
      }
      for (const f of Object.keys(slot.set ?? {})) {
        if (!(f in props)) out.push({ at: ['slots', name, 'set', f], message: `"${f}" is not a field of the step's form`, hint: `Fields: ${fields.join(', ')}.` });
      }
    }
    const [first, ...others] = prefixes;
    for (const [name, slot] of others) {
      const a = slotFields(stepSchema, first[1].prefix).sort().join(',');
      const b = slotFields(stepSchema, slot.prefix).sort().join(',');
      if (a !== b) out.push({ at: ['slots', name], message: `the fields under "${slot.prefix}" differ from those under "${first[1].prefix}"`, hint: 'Every slot takes the same record: give the step form the same fields under each prefix.' });
    }
    return out;
  }
  const list = props[parts.list];
  const items = list?.items?.properties;
  if (!list || list.type !== 'array' || !items) {
    out.push({ at: ['list'], message: `"${parts.list}" is not a list of records in the step's form`, hint: `Name an array field whose items are objects; fields: ${fields.join(', ')}.` });
    return out;
  }
  if (!parts.match.length) out.push({ at: ['match'], message: 'no field to match records on', hint: 'Name the fields that identify a record (e.g. ["id_type", "id_number"]): a record sent again replaces the one with the same values.' });
  for (const f of parts.match) if (!(f in items)) out.push({ at: ['match'], message: `"${f}" is not a field of the records in "${parts.list}"`, hint: `Fields: ${Object.keys(items).join(', ')}.` });
  for (const [f, p] of Object.entries<Schema>(items)) {
    if (p.maxFileSize !== undefined || p.fileTypes !== undefined) out.push({ at: ['list'], message: `the records of "${parts.list}" have a file field (${f})`, hint: 'One call per list record is for records without files; use slots, or send the whole list.' });
  }
  return out;
}
