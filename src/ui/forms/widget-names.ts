// The names live in src/shared so the checker (run by the server at start) can read them.
export { CUSTOM_WIDGET_NAMES, BUILT_IN_WIDGETS, WIDGET_NAMES } from '../../shared/forms/widget-names';
