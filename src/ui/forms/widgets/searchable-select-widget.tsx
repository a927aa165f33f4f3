import { useMemo, useState } from 'react';
import { errorId, type WidgetProps } from '@rjsf/utils';
import { createFilterOptions, FormHelperText } from '@mui/material';
import { FieldAutocomplete } from './field-autocomplete';
import { describedBy } from '../described-by';
import { WIDGET_TEXTS } from '../../../shared/widget-texts';
import { fillText } from '../../../shared/fill-text';

interface Choice {
  value: string;
  label: string;
}

/** Any letters, case, accents and surrounding spaces aside ("aland" and " Samoa " match), as MUI's own filter does. */
const matching = createFilterOptions<Choice>({ stringify: (o) => o.label, trim: true });
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * The matches in the order a person means them: the label itself, then labels that start with the text, then those
 * with a word that does, then the rest, each in the list's order. Enter takes the first, so "Samoa" is Samoa, not
 * American Samoa, and "Guinea" is Guinea, not Equatorial Guinea.
 */
export function rankedMatches(options: Choice[], typed: string): Choice[] {
  const text = folded(typed);
  const found = matching(options, { inputValue: typed, getOptionLabel: (o) => o.label });
  if (!text) return found;
  const rank = (o: Choice) => {
    const label = folded(o.label);
    if (label === text) return 0;
    if (label.startsWith(text)) return 1;
    return label.split(/[\s\-(),'.]+/).some((word) => word.startsWith(text)) ? 2 : 3;
  };
  return found.map((o, i) => ({ o, i, r: rank(o) })).sort((a, b) => a.r - b.r || a.i - b.i).map(({ o }) => o);
}

/**
 * `ui:widget: "searchable-select"` (also named `country-select`): a select you can type into, over the field's list
 * (`enum` or `oneOf` of `const` + `title`, also one an if/then branch adds). Typing filters the list, best match first
 * (`rankedMatches`), and highlights it, so Enter picks it; Enter never submits the form (field-autocomplete.tsx).
 * Text that matches no option is not kept: leaving the field with it says so (`ui:options.notInListMessage`, with
 * `{typed}`; by default forms/messages/widgets.json's notInList), instead of the text vanishing without a word; when the
 * list has an 'Other' option the default message points to it (notInListOther, with `{other}`). While the field is
 * empty for that reason, that message is the field's one message: not beside "… is required", which contradicted it
 * (the widget shows its messages itself, as `showsOwnMessages` says).
 */
export default function SearchableSelectWidget({ id, label, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, options, placeholder, schema, uiSchema }: WidgetProps) {
  const choices: Choice[] = (options.enumOptions ?? []).map((o) => ({ value: o.value as string, label: o.label }));
  const found = choices.find((c) => c.value === value);
  // The same object while the choice stays: MUI resets the box to the value's label whenever the value is another
  // object, and the options are rebuilt on every render, so each key typed over a choice was undone at once (a
  // nationality picked could not be changed by typing, nor its letters removed).
  const [chosenValue, chosenLabel] = [found?.value, found?.label];
  const selected = useMemo(() => (chosenValue === undefined ? null : { value: chosenValue, label: chosenLabel ?? '' }), [chosenValue, chosenLabel]);
  const [typed, setTyped] = useState('');
  const [unmatched, setUnmatched] = useState('');
  const hintId = `${id}__not-in-list`;
  const other = choices.find((c) => folded(c.label) === 'other' || folded(String(c.value)) === 'other');
  const notInList = fillText(String(options.notInListMessage ?? (other ? WIDGET_TEXTS.notInListOther : WIDGET_TEXTS.notInList)), other ? { typed: unmatched, other: other.label } : { typed: unmatched });
  // Text left that matches nothing, with no choice made: its message says why the field is empty, and stands for
  // the field's own ("Occupation is required."). With a choice kept, the field's messages are about that choice.
  const hasErrors = Boolean(rawErrors?.length);
  const replacesErrors = Boolean(unmatched) && !selected;
  const errors = replacesErrors ? [] : (rawErrors ?? []);
  return (
    <>
    <FieldAutocomplete
      id={id}
      label={label}
      required={required}
      error={hasErrors}
      describedBy={describedBy(id, errors, { uiSchema, schema }, Boolean(unmatched) && hintId)}
      placeholder={placeholder}
      options={choices}
      value={selected}
      autoHighlight
      filterOptions={(list, state) => rankedMatches(list, state.inputValue)}
      disabled={disabled || readonly}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_e, option) => {
        setUnmatched('');
        setTyped('');
        onChange(option?.value);
      }}
      // What the person typed (not the list's own resets of the box, as on leaving it).
      onInputChange={(_e, text, reason) => {
        if (reason !== 'input') return;
        setUnmatched('');
        setTyped(text);
      }}
      onBlur={() => {
        if (typed.trim() && typed.trim() !== selected?.label) setUnmatched(typed.trim());
        setTyped('');
        onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
    />
    {errors.length > 0 && (
      <div id={errorId(id)}>
        {errors.map((message, i) => (
          <FormHelperText key={i} error>
            {String(message)}
          </FormHelperText>
        ))}
      </div>
    )}
    {unmatched && (
      // A warning while the form has not asked for the field yet; the field's error once it has.
      <FormHelperText id={hintId} error={replacesErrors && hasErrors} sx={replacesErrors && hasErrors ? undefined : { color: 'warning.main' }}>
        {notInList}
      </FormHelperText>
    )}
    </>
  );
}

// It shows its own messages (rawErrors, or the not-in-list message in their place): RJSF's error list stays out
// (templates/field-error-template.tsx).
SearchableSelectWidget.showsOwnMessages = true;
