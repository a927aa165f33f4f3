/** The UI schema of a field that is not rendered: one whose `showWhen` does not hold, a password on a review page. */
export const HIDDEN_BY_CONDITION = { 'ui:field': 'hidden-by-condition', 'ui:widget': 'hidden' };

/** A field whose `showWhen` does not hold: nothing is rendered (its value is removed, see visible-fields). */
export default function HiddenByConditionField() {
  return null;
}
