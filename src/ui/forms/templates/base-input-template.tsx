import { Templates } from '@rjsf/mui';
import { errorId, getUiOptions, helpId, type BaseInputTemplateProps } from '@rjsf/utils';

const MuiBaseInputTemplate = Templates.BaseInputTemplate!;

/**
 * RJSF's MUI text input, with the field's message and help linked to the input itself (`aria-describedby` on the
 * <input>, not on the wrapper): a screen reader reads "Please enter a valid email address" with the field.
 */
export default function BaseInputTemplate(props: BaseInputTemplateProps) {
  const described = [props.rawErrors?.length ? errorId(props.id) : '', getUiOptions(props.uiSchema).help ? helpId(props.id) : ''].filter(Boolean).join(' ');
  const slotProps = (props as { slotProps?: { htmlInput?: Record<string, unknown> } & Record<string, unknown> }).slotProps;
  return <MuiBaseInputTemplate {...props} slotProps={{ ...slotProps, htmlInput: { ...slotProps?.htmlInput, 'aria-describedby': described || undefined } }} />;
}
