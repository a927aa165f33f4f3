/** The limits a file field declares in its schema (keywords read by the browser widget and the server). */
import type { JsonObject } from '../../../shared/forms/form-registry';
import { ONBOARDING_TEXTS } from '../../../shared/onboarding-texts';
import { WIDGET_TEXTS } from '../../../shared/widget-texts';
import { fillText } from '../../../shared/fill-text';
export interface FileLimits {
  maxFileSize?: number;
  fileTypes?: string[];
  maxItems?: number;
  messages: { maxFileSize?: string; fileTypes?: string; maxItems?: string };
}

export function fileLimitsOf(schema: JsonObject | undefined): FileLimits {
  const messages = typeof schema?.errorMessage === 'object' && schema.errorMessage ? schema.errorMessage : {};
  return {
    maxFileSize: typeof schema?.maxFileSize === 'number' ? schema.maxFileSize : undefined,
    fileTypes: Array.isArray(schema?.fileTypes) ? schema.fileTypes.map((t: string) => t.toLowerCase().replace(/^\./, '')) : undefined,
    maxItems: typeof schema?.maxItems === 'number' ? schema.maxItems : undefined,
    messages: { maxFileSize: messages.maxFileSize, fileTypes: messages.fileTypes, maxItems: messages.maxItems },
  };
}

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

export const formatBytes = (bytes: number) =>
  bytes >= 1048576 ? `${Math.round((bytes / 1048576) * 10) / 10} MB` : bytes >= 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${bytes} ${bytes === 1 ? WIDGET_TEXTS.byte : WIDGET_TEXTS.bytes}`;

/**
 * Splits chosen files into accepted ones and rejection messages, given how many are already held.
 * The server checks again (size and magic bytes); this only spares the applicant a wasted upload.
 */
export function checkFiles(files: File[], limits: FileLimits, alreadyHeld: string[]): { accepted: File[]; errors: string[] } {
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of files) {
    if (alreadyHeld.includes(file.name) || accepted.some((f) => f.name === file.name)) continue;
    // Each refusal names its file: several chosen at once, "File size must be less than 20MB." alone did not say which.
    if (limits.fileTypes && !limits.fileTypes.includes(extensionOf(file.name))) {
      errors.push(`${file.name}: ${limits.messages.fileTypes ?? fillText(WIDGET_TEXTS.acceptedTypes, { types: limits.fileTypes.join(', ') })}`);
    } else if (file.size === 0) {
      errors.push(`${file.name}: ${ONBOARDING_TEXTS.emptyFile}`);
    } else if (limits.maxFileSize !== undefined && file.size > limits.maxFileSize) {
      errors.push(`${file.name}: ${limits.messages.maxFileSize ?? fillText(WIDGET_TEXTS.largerThan, { size: formatBytes(limits.maxFileSize) })}`);
    } else if (limits.maxItems !== undefined && alreadyHeld.length + accepted.length >= limits.maxItems) {
      errors.push(limits.messages.maxItems ?? fillText(WIDGET_TEXTS.atMostFiles, { count: limits.maxItems }));
    } else {
      accepted.push(file);
    }
  }
  return { accepted, errors: [...new Set(errors)] };
}
