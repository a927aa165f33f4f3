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
export const FLAT_WIDGET_NAMES = ['text', 'email', 'password', 'password-strength', 'otp'] as const;
export type FlatWidgetName = (typeof FLAT_WIDGET_NAMES)[number];

/**
 * The JSON types of the fields each widget can draw (the checker refuses another: a file upload on a text field, Yes/No
 * on a list of eleven options). `hidden` draws any field; a widget not listed here is checked by name only.
 */
/**
 * The `ui:options` a widget cannot do without: the agreement's document name (its link and dialog title) and its text.
 * The checker refuses a field drawn with the widget without them.
 */
export const WIDGET_REQUIRED_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  agreement: ['document', 'paragraphs'],
};

/**
 * The `ui:options` names something reads: this project's widgets, templates and rules, and RJSF's own. A name one or
 * two letters from one of them is taken for a misspelling by the checker (an option misspelt is silently ignored).
 */
export const KNOWN_UI_OPTIONS: readonly string[] = [
  // This project's.
  'acceptLabel', 'addLabel', 'addedMessage', 'allowedOptions', 'autoSubmit', 'browseLimit', 'buttonLabel', 'cancelEditLabel', 'cancelLabel',
  'discardLabel', 'document', 'exceededMessage', 'exceededUpdateMessage', 'fullMessage', 'informational', 'inputMode', 'listTitle', 'minQuery', 'needsSecondAccount', 'noLabel', 'noSourceAccount', 'notInListMessage',
  'openLabel', 'paragraphs', 'percentField', 'prefix', 'progressLabel', 'removeBody', 'removeLabel', 'removeTitle', 'requiredInForm', 'schools', 'showWhen',
  'strengthMeter', 'suggestionLimit', 'unsavedEditMessage', 'unsavedMessage', 'updateLabel', 'updatedMessage', 'viewFirstHint', 'yesLabel',
  // RJSF's.
  'addable', 'autocomplete', 'autofocus', 'classNames', 'copyable', 'description', 'disabled', 'emptyValue', 'enumDisabled', 'enumNames', 'filePreview',
  'help', 'hideError', 'inline', 'inputType', 'label', 'orderable', 'placeholder', 'readonly', 'removable', 'rows', 'style', 'submitButtonOptions', 'title',
];

/** The widgets that offer a field's options to pick from (any other takes free input: text, a date, a number). */
export const OPTION_WIDGETS: readonly string[] = ['select', 'radio', 'searchable-select', 'country-select', 'school-search', 'yes-no', 'agreement', 'checkbox', 'checkboxes', 'hidden'];

export const WIDGET_FIELD_TYPES: Readonly<Record<string, readonly string[]>> = {
  otp: ['string'], email: ['string'], password: ['string'], 'password-strength': ['string'], text: ['string'], textarea: ['string'],
  date: ['string'], datetime: ['string'], time: ['string'], 'alt-date': ['string'], 'alt-datetime': ['string'], tel: ['string'], uri: ['string'], url: ['string'], color: ['string'],
  'school-search': ['string'], 'searchable-select': ['string'], 'country-select': ['string'],
  select: ['string', 'integer', 'number', 'boolean'], radio: ['string', 'integer', 'number', 'boolean'],
  'file-upload': ['array'], file: ['string', 'array'], checkboxes: ['array'], 'beneficiary-list': ['array'],
  'yes-no': ['boolean'], agreement: ['boolean'], checkbox: ['boolean'],
  updown: ['integer', 'number'], range: ['integer', 'number'],
  'document-checklist': ['object'],
};
