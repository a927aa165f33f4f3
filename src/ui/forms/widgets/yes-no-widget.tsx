import { errorId, type WidgetProps } from '@rjsf/utils';
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { WIDGET_TEXTS } from '../../../shared/widget-texts';

/** `ui:widget: "yes-no"`: a boolean as Yes / No radios (labels from `ui:options.yesLabel` / `noLabel`, else forms/messages/widgets.json's). */
export default function YesNoWidget({ id, label, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, options, hideLabel }: WidgetProps) {
  const current = value === true ? 'yes' : value === false ? 'no' : '';
  const hasError = Boolean(rawErrors?.length);
  return (
    <FormControl error={hasError} required={required} disabled={disabled || readonly}>
      {!hideLabel && <FormLabel id={`${id}-label`}>{label}</FormLabel>}
      <RadioGroup
        row
        aria-labelledby={hideLabel ? undefined : `${id}-label`}
        aria-label={hideLabel ? label || undefined : undefined}
        // The group says it holds a problem, and which (a screen reader reads both on entering it).
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? errorId(id) : undefined}
        name={id}
        value={current}
        onChange={(event) => onChange(event.target.value === 'yes')}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        <FormControlLabel value="yes" control={<Radio id={`${id}-yes`} />} label={String(options.yesLabel ?? WIDGET_TEXTS.yes)} />
        <FormControlLabel value="no" control={<Radio id={`${id}-no`} />} label={String(options.noLabel ?? WIDGET_TEXTS.no)} />
      </RadioGroup>
      {hasError && <FormHelperText id={errorId(id)}>{rawErrors![0]}</FormHelperText>}
    </FormControl>
  );
}

// It shows its own messages (rawErrors): RJSF's error list stays out (templates/field-error-template.tsx).
YesNoWidget.showsOwnMessages = true;
