import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../../lib/http-errors.js';
import { isBlankText, isStorableText } from '../../lib/safe-text.js';
import { API_TEXTS } from '../../lib/api-texts.js';
import { removeStoredNames } from '../../lib/remove-stored.js';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The longest text field a multipart body may carry, in bytes (the reader's `fieldSize`): a longer one is refused. */
export const MAX_FIELD_BYTES = 10_000;

/** A file received and stored under a random name; `field` is the form field (part name). */
export interface ReceivedFile {
  field: string;
  originalName: string;
  storedName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

export interface MultipartBody {
  fields: Record<string, unknown>;
  files: ReceivedFile[];
}

import type { JsonObject as Schema } from '../../../shared/forms/form-registry.js';
import { ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../../shared/messages.js';
import { fillText } from '../../../shared/fill-text.js';
import { keywordMessage } from '../../../shared/forms/field-message.js';
import { ruleMessage } from '../../../shared/keyword-words.js';

const MIME: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** The file's real type from its first bytes (DESIGN.md: never the client's claim). */
export function sniffType(head: Buffer): 'pdf' | 'png' | 'jpeg' | 'webp' | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/**
 * A file's name is shown to staff and offered on download, never used as a path (stored names are
 * random), so any printable name is accepted: `T&TEC-bill-october.pdf`, `#`, `+`, `[`, `]`, `;`, `%`,
 * accents. Refused: path separators and control characters, also %-encoded (`..%2F..%2Fx.pdf`, the `x.php%00.jpg` trick),
 * bidirectional overrides that disguise an extension, names of only dots, and names over 255 characters.
 */
export const MAX_FILE_NAME_LENGTH = 255;
const NAME_FORBIDDEN = /[/\\\p{Cc}\u202A-\u202E\u2066-\u2069]|%(?:[01][0-9A-Fa-f]|7[Ff]|2[Ff]|5[Cc])/u;

/** True when a file name is acceptable as a name (the type is checked separately). */
export function isAcceptableFileName(name: string): boolean {
  // The name before its extension must show something: '.jpg', or a zero-width space and '.jpg', lists as a bare
  // extension to the staff who open it.
  const shown = name.replace(/\.[^.]*$/, '').replace(/\./g, '');
  return name.length > 0 && name.length <= MAX_FILE_NAME_LENGTH && !NAME_FORBIDDEN.test(name) && isStorableText(name) && shown.length > 0 && !isBlankText(shown);
}

/** The lower-cased extension of a file name ('bill.PDF' -> 'pdf'), or null when it has none. */
export function extensionOf(name: string): string | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match && match.index > 0 ? match[1].toLowerCase() : null;
}

function typeMatches(allowed: string[], ext: string, sniffed: string): boolean {
  const extType = ext === 'jpg' ? 'jpeg' : ext;
  return extType === sniffed && allowed.some((a) => (a === 'jpg' ? 'jpeg' : a) === sniffed);
}

function fileFieldMessage(property: Schema, keyword: string, fallback: string): string {
  return keywordMessage(property, keyword) ?? fallback;
}

/** A form's own property of that name: a part named `constructor` or `toString` names none. */
function propertyOf(schema: Schema, field: string): Schema | undefined {
  return schema.properties && Object.hasOwn(schema.properties, field) ? schema.properties[field] : undefined;
}

/** A file field of a form schema: an array of names carrying `maxFileSize` / `fileTypes`. */
function fileFieldOf(schemas: Schema[], field: string): Schema | undefined {
  const found = schemas.map((schema) => propertyOf(schema, field)).filter((p): p is Schema => !!p && p.type === 'array' && (p.maxFileSize !== undefined || p.fileTypes !== undefined));
  return found.length > 1 ? strictestFileField(found) : found[0];
}

/**
 * One file field as several forms sharing an endpoint declare it, while the body has not yet said which form it is
 * for (the files came before the field that picks it): each limit at its strictest (the fewest files, the smallest
 * size, only the types every form takes), each with the message of the form it came from. Never the loosest: a
 * child's five files must not be offered to an adult's form of three, nor stored for it.
 */
function strictestFileField(properties: Schema[]): Schema {
  const smallest = (keyword: 'maxItems' | 'maxFileSize') =>
    properties.filter((p) => typeof p[keyword] === 'number').sort((a, b) => (a[keyword] as number) - (b[keyword] as number))[0];
  const merged: Schema = { ...properties[0], errorMessage: { ...(typeof properties[0].errorMessage === 'object' ? properties[0].errorMessage : {}) } };
  for (const keyword of ['maxItems', 'maxFileSize'] as const) {
    const strictest = smallest(keyword);
    if (!strictest) continue;
    merged[keyword] = strictest[keyword];
    const message = keywordMessage(strictest, keyword);
    if (message !== undefined) merged.errorMessage[keyword] = message;
  }
  const typeLists = properties.map((p) => p.fileTypes).filter((t): t is string[] => Array.isArray(t));
  if (typeLists.length) merged.fileTypes = typeLists.reduce((kept, list) => kept.filter((t) => list.includes(t)));
  return merged;
}

/** A text part as browsers send one (no Content-Type of its own reads as text/plain), whatever its charset. */
function isPlainTextPart(mimetype: string | undefined): boolean {
  return /^text\/plain\s*(?:;|$)/i.test(mimetype ?? 'text/plain');
}

const PLAIN_DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** Text parts become JSON by the schema's property type: booleans, numbers, repeated parts as arrays. */
function coerceField(schemas: Schema[], field: string, value: string): unknown {
  const property = schemas.map((s) => propertyOf(s, field)).find(Boolean);
  const type = Array.isArray(property?.type) ? property?.type[0] : property?.type;
  if (type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  // Only a number written as people write one: JavaScript's Number() also reads "0x10", "0b11", "1e3" and " 150 "
  // (16, 3, 1000, 150), which would be stored as numbers nobody typed; anything else stays text, which the schema refuses.
  if (type === 'number' || type === 'integer') return PLAIN_DECIMAL.test(value) ? Number(value) : value;
  return value;
}

function isArrayField(schemas: Schema[], field: string): boolean {
  return schemas.some((s) => propertyOf(s, field)?.type === 'array');
}

function pushTo(fields: Record<string, unknown>, name: string, value: unknown): void {
  const list = Array.isArray(fields[name]) ? (fields[name] as unknown[]) : [];
  list.push(value);
  fields[name] = list;
}

export async function removeStored(app: FastifyInstance, files: ReceivedFile[]): Promise<void> {
  await removeStoredNames(app, files.map((f) => f.storedName));
}

/** Thrown into a file's store stream when the request stops sending it (too big): the store keeps nothing. */
class UploadAbandoned extends Error {}

/**
 * Reads a multipart request: each file is streamed to the file store (app.files) under a random name while its
 * size and SHA-256 are counted and its first bytes sniffed; limits come from the form schemas'
 * `maxFileSize` / `fileTypes` / `maxItems` (`schemasFor`: the forms the fields read so far leave open). Exactly the limit passes; one byte more is a 413. Any
 * failure removes what was stored. File fields come back as arrays of original names (docs/development.md).
 */
export async function readMultipart(app: FastifyInstance, request: FastifyRequest, schemasFor: (fields: Record<string, unknown>) => Schema[]): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new HttpError(415, ONBOARDING_TEXTS.notMultipart);
  const fields: Record<string, unknown> = {};
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts()) {
      // The forms this body may be for, from what it has said so far (an endpoint several steps share is told
      // apart by a field: once it has come, the files are read by that step's form and no other's).
      const schemas = schemasFor(fields);
      if (!isStorableText(part.fieldname)) {
        if (part.type === 'file') part.file.resume();
        throw badRequest(API_TEXTS.unstorableText);
      }
      if (part.type === 'field') {
        // A file field holds files: its names as text parts would pass the schema with nothing stored, and a
        // document sent without a file name arrives as text too (its bytes are no character problem of the person's).
        const fileField = fileFieldOf(schemas, part.fieldname);
        if (fileField) throw badRequest(REQUEST_TEXTS.fixFields, { [part.fieldname]: fileFieldMessage(fileField, 'minItems', ONBOARDING_TEXTS.uploadAFile) });
        // A part that says it is JSON (Content-Type: application/json) comes parsed from the multipart reader: an
        // object, a list, null or 1e400 reached the form as the text "[object Object]", "x,y", "null" or "Infinity",
        // which nobody typed (an address line of "[object Object]" was stored). A form's field is text, sent as text.
        if (typeof part.value !== 'string' || !isPlainTextPart(part.mimetype)) throw badRequest(REQUEST_TEXTS.fixFields, { [part.fieldname]: REQUEST_TEXTS.notText });
        // Past the reader's field size the text arrives cut short: refused as too long (the field's own words for its
        // maxLength), never checked as the shorter text nobody sent.
        if (part.valueTruncated) {
          const property = schemas.map((schema) => propertyOf(schema, part.fieldname)).find((p): p is Schema => !!p);
          const words = typeof property?.maxLength === 'number' ? ruleMessage(property, 'maxLength', { limit: property.maxLength }) : ruleMessage(undefined, 'maxLength', { limit: MAX_FIELD_BYTES });
          throw badRequest(REQUEST_TEXTS.fixFields, { [part.fieldname]: words });
        }
        if (!isStorableText(part.value)) throw badRequest(API_TEXTS.unstorableText, { [part.fieldname]: REQUEST_TEXTS.unstorableField });
        const value = coerceField(schemas, part.fieldname, String(part.value));
        if (isArrayField(schemas, part.fieldname)) pushTo(fields, part.fieldname, value);
        // A field of one value sent twice (holder_type=child, then adult) would keep the last without a word.
        else if (Object.hasOwn(fields, part.fieldname)) throw badRequest(REQUEST_TEXTS.fixFields, { [part.fieldname]: ONBOARDING_TEXTS.repeatedField });
        else fields[part.fieldname] = value;
        continue;
      }
      const property = fileFieldOf(schemas, part.fieldname);
      if (!property) {
        part.file.resume();
        throw badRequest(REQUEST_TEXTS.fixFields, { [part.fieldname]: fillText(REQUEST_TEXTS.unknownField, { field: part.fieldname }) });
      }
      const count = files.filter((f) => f.field === part.fieldname).length;
      if (typeof property.maxItems === 'number' && count >= property.maxItems) {
        part.file.resume();
        throw badRequest(REQUEST_TEXTS.fixFields, { [part.fieldname]: fileFieldMessage(property, 'maxItems', fillText(ONBOARDING_TEXTS.uploadUpTo, { count: Number(property.maxItems) })) });
      }
      const allowed: string[] = property.fileTypes ?? ['pdf', 'jpg', 'jpeg', 'png'];
      const limit: number = property.maxFileSize ?? MAX_UPLOAD_BYTES;
      const typeMessage = fileFieldMessage(property, 'fileTypes', ONBOARDING_TEXTS.invalidFileType);
      if (!isAcceptableFileName(part.filename ?? '')) {
        part.file.resume();
        const message = (part.filename ?? '').length > MAX_FILE_NAME_LENGTH ? fillText(ONBOARDING_TEXTS.fileNameLength, { max: MAX_FILE_NAME_LENGTH }) : fileFieldMessage(property, 'fileName', ONBOARDING_TEXTS.fileName);
        throw badRequest(message, { [part.fieldname]: message });
      }
      // A refusal of one file names it, as the page does: of several listed, the applicant can tell which to remove.
      const aboutFile = (message: string) => `${part.filename}: ${message}`;
      const ext = extensionOf(part.filename);
      if (!ext || !allowed.includes(ext)) {
        part.file.resume();
        throw badRequest(aboutFile(typeMessage), { [part.fieldname]: aboutFile(typeMessage) });
      }
      const storedName = crypto.randomBytes(24).toString('hex');
      const received: ReceivedFile = { field: part.fieldname, originalName: part.filename, storedName, contentType: '', sizeBytes: 0, sha256: '' };
      files.push(received);
      const hash = crypto.createHash('sha256');
      // The file flows on to the store as it arrives (the store applies back-pressure): never held whole in memory.
      const out = new PassThrough();
      // Destroying it is how a refused file is abandoned; the store reports through its promise, whenever it started reading.
      out.on('error', () => undefined);
      const stored = app.files.put(storedName, out);
      stored.catch(() => undefined);
      let head = Buffer.alloc(0);
      let tooBig = false;
      try {
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          received.sizeBytes += chunk.length;
          if (received.sizeBytes > limit) {
            tooBig = true;
            break;
          }
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
          hash.update(chunk);
          if (!out.write(chunk)) await new Promise<void>((resolve, reject) => {
            out.once('drain', () => resolve());
            stored.catch(reject);
          });
        }
      } catch (error) {
        out.destroy(new UploadAbandoned('The upload stopped.'));
        await stored.catch(() => undefined);
        throw error;
      }
      if (tooBig || part.file.truncated) out.destroy(new UploadAbandoned(ONBOARDING_TEXTS.fileTooLarge));
      else out.end();
      try {
        await stored;
      } catch (error) {
        if (!(error instanceof UploadAbandoned) && !(tooBig || part.file.truncated)) throw error;
      }
      if (tooBig || part.file.truncated) {
        part.file.resume();
        const message = aboutFile(fileFieldMessage(property, 'maxFileSize', ONBOARDING_TEXTS.fileTooLarge));
        throw new HttpError(413, message, { [part.fieldname]: message });
      }
      if (received.sizeBytes === 0) throw badRequest(aboutFile(ONBOARDING_TEXTS.emptyFile), { [part.fieldname]: aboutFile(ONBOARDING_TEXTS.emptyFile) });
      const sniffed = sniffType(head);
      if (!sniffed || !typeMatches(allowed, ext, sniffed)) throw badRequest(aboutFile(typeMessage), { [part.fieldname]: aboutFile(typeMessage) });
      received.contentType = MIME[sniffed];
      received.sha256 = hash.digest('hex');
      pushTo(fields, part.fieldname, part.filename);
    }
  } catch (error) {
    await removeStored(app, files);
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string; statusCode?: number }).code;
    // @fastify/multipart refuses a part named as a property every object has (`constructor`, `toString`, `__proto__`).
    if (code === 'FST_PROTO_VIOLATION') throw badRequest(ONBOARDING_TEXTS.unknownUploadField);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, ONBOARDING_TEXTS.fileTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, ONBOARDING_TEXTS.tooManyParts);
    const statusCode = (error as { statusCode?: number }).statusCode;
    // A failure of the server itself (the disk: a system error with a syscall; the object store) stays a 5xx.
    if ((statusCode && statusCode >= 500) || (error as { syscall?: string }).syscall || isStoreFailure(error)) throw error;
    // Anything else came from reading the request: no boundary, a body cut off mid-file, a malformed part.
    throw badRequest(ONBOARDING_TEXTS.unreadableUpload);
  }
  return { fields, files };
}

/** An error the S3 client raised (it carries $metadata), as opposed to one from reading the request. */
function isStoreFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && '$metadata' in error;
}

