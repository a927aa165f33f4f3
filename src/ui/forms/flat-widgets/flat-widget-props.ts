/** What FlatForm hands every widget of a flat form: one string field, its words from the schema and UI schema. */
export interface FlatWidgetProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The field's message (shown under it; the input gets aria-invalid). */
  error?: string;
  /** `ui:help`, shown under the field while there is no message. */
  help?: string;
  required: boolean;
  disabled?: boolean;
  autoComplete?: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** The schema's maxLength. */
  maxLength?: number;
  /** `ui:options.inputMode` (e.g. "numeric" for a code typed into one box). */
  inputMode?: 'numeric' | 'text' | 'email';
  /** Submits the form (the code boxes call it when the last digit arrives). */
  onComplete: (value: string) => void;
}
