import { Typography } from '@mui/material';
import { RichDescription } from '@rjsf/core';
import type { DescriptionFieldProps } from '@rjsf/utils';

/**
 * A field's description (the schema's `description`, or `ui:description`) as a line of secondary text under the
 * field, with the id its control's `aria-describedby` names (described-by.ts). RJSF's MUI template drew it as an
 * <h6>: a sixth-level heading straight under the step's h1 in a screen reader's list of headings, read apart from
 * the field it explains. A span (shown as a block): MUI's field template wraps it in a caption's <span>.
 */
export default function DescriptionFieldTemplate({ id, description, registry, uiSchema }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Typography id={id} component="span" variant="body2" sx={{ display: 'block', mt: 0.625, color: 'text.secondary' }}>
      <RichDescription description={description} registry={registry} uiSchema={uiSchema} />
    </Typography>
  );
}
