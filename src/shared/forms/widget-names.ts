/**
 * The project's widget names (`ui:widget`), implemented in src/ui/forms/widgets/; src/ui/forms/widget-registry.ts
 * must register exactly these (its type says so).
 */
export const CUSTOM_WIDGET_NAMES = ['otp', 'file-upload', 'beneficiary-list', 'password-strength', 'school-search', 'searchable-select', 'country-select', 'yes-no', 'agreement', 'document-checklist'] as const;
export type CustomWidgetName = (typeof CUSTOM_WIDGET_NAMES)[number];

/** RJSF's own widget names, also allowed in `ui:widget`. */
export const BUILT_IN_WIDGETS = [
  'text', 'textarea', 'password', 'email', 'uri', 'url', 'tel', 'date', 'datetime', 'time', 'alt-date', 'alt-datetime',
  'select', 'radio', 'checkbox', 'checkboxes', 'range', 'updown', 'hidden', 'color', 'file',
] as const;

/** Every name a form may use in `ui:widget` (the checker reads this file; it has no React in it). */
export const WIDGET_NAMES: readonly string[] = [...CUSTOM_WIDGET_NAMES, ...BUILT_IN_WIDGETS];

/**
 * The forms of these areas render with FlatForm (src/ui/forms/flat-form.tsx: the sign-in pages, no RJSF), which
 * knows only these widgets; src/ui/forms/flat-widget-for.ts must register exactly these (its type says so).
 */
export const FLAT_FORM_AREAS = ['auth'] as const;
export const FLAT_WIDGET_NAMES = ['text', 'email', 'password', 'otp'] as const;
export type FlatWidgetName = (typeof FLAT_WIDGET_NAMES)[number];
