import type { RegistryWidgetsType, Widget } from '@rjsf/utils';
import type { CustomWidgetName } from '../../shared/forms/widget-names';
import OtpWidget from './widgets/otp-widget';
import FileUploadWidget from './widgets/file-upload-widget';
import BeneficiaryListWidget from './widgets/beneficiary-list-widget';
import PasswordStrengthWidget from './widgets/password-strength-widget';
import SchoolSearchWidget from './widgets/school-search-widget';
import SearchableSelectWidget from './widgets/searchable-select-widget';
import YesNoWidget from './widgets/yes-no-widget';
import AgreementWidget from './widgets/agreement-widget';
import DocumentChecklistWidget from './widgets/document-checklist-widget';
import ReviewDateWidget from './widgets/review-date-widget';
import AllowedOptionsWidget from './widgets/allowed-options-widget';
import SelectWidget from './widgets/select-widget';
import RadioWidget from './widgets/radio-widget';
import CheckboxesWidget from './widgets/checkboxes-widget';

/** SchemaForm's own widget for a field under an option rule in force (`optionsWhen`); not for `ui:widget` in a form. */
export const ALLOWED_OPTIONS_WIDGET = 'allowed-options';

/**
 * The project's widgets by `ui:widget` name (forms/README.md lists them). The names are written once, in
 * src/shared/forms/widget-names.ts (the checker reads them without React); `satisfies` makes a name without a
 * widget, or a widget without a name, a type error.
 */
export const widgets = {
  otp: OtpWidget,
  'file-upload': FileUploadWidget,
  'beneficiary-list': BeneficiaryListWidget,
  'password-strength': PasswordStrengthWidget,
  'school-search': SchoolSearchWidget,
  'searchable-select': SearchableSelectWidget,
  // The first name of searchable-select (the countries were its first list); kept so forms using it keep working.
  'country-select': SearchableSelectWidget,
  'yes-no': YesNoWidget,
  agreement: AgreementWidget,
  'document-checklist': DocumentChecklistWidget,
  [ALLOWED_OPTIONS_WIDGET]: AllowedOptionsWidget,
} satisfies Record<CustomWidgetName | typeof ALLOWED_OPTIONS_WIDGET, Widget>;

/**
 * RJSF's own widgets replaced for every form: its dropdown (select-widget.tsx), its radio group (radio-widget.tsx) and
 * its checkboxes (checkboxes-widget.tsx).
 */
const themeWidgets: RegistryWidgetsType = { SelectWidget, RadioWidget, CheckboxesWidget };

/** What forms draw with: the project's widgets and the replaced RJSF ones. */
export const formWidgets: RegistryWidgetsType = { ...themeWidgets, ...widgets };

/** Review mode (read-only forms): the same widgets, with dates shown as dd.mm.yyyy text. */
export const reviewWidgets: RegistryWidgetsType = { ...formWidgets, DateWidget: ReviewDateWidget };

