import widgets from '../../forms/messages/widgets.json';
import type { Messages } from './message-catalog.js';

/**
 * The words of the form widgets and the wizard's frame (the file upload, the beneficiary list, yes/no, a checklist's
 * count, the wizard's progress and Back): the defaults a form's `ui:options` may replace, and the names screen readers read.
 */
export const WIDGET_TEXTS: Messages<'widgets'> = widgets;
