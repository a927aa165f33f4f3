import { FormHelperText } from '@mui/material';
import { RichHelp } from '@rjsf/core';
import type { FieldHelpProps } from '@rjsf/utils';
import { helpId } from '@rjsf/utils';

/**
 * A field's help under it, as RJSF's MUI template draws it, but in its own colour when the field has a problem:
 * MUI's help text takes the red of the field's FormControl, so the help read as a second error beside the
 * message. An explicit `error={false}` wins over the FormControl's state.
 */
export default function FieldHelpTemplate({ fieldPathId, help, uiSchema, registry }: FieldHelpProps) {
  if (!help) return null;
  return (
    <FormHelperText component="div" id={helpId(fieldPathId)} error={false} sx={{ mt: 0.625 }}>
      <RichHelp help={help} registry={registry} uiSchema={uiSchema} />
    </FormHelperText>
  );
}
