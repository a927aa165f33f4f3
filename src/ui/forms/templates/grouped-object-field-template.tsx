import { Fragment } from 'react';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { Templates } from '@rjsf/mui';
import { Box, Grid, Typography } from '@mui/material';
import { fieldGroupsOf, groupElements } from '../field-groups';

const MuiObjectFieldTemplate = Templates.ObjectFieldTemplate!;

/**
 * RJSF's MUI object template, plus sections: an object whose UI schema has `ui:groups` (`[{ title, description?,
 * fields }]`) shows each group under its heading, in the groups' order. A group whose fields are all hidden (a
 * `showWhen` that does not hold) shows no heading. Without `ui:groups` it is the MUI template unchanged.
 */
export default function GroupedObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const groups = fieldGroupsOf(getUiOptions(props.uiSchema).groups);
  if (!groups.length) return <MuiObjectFieldTemplate {...props} />;
  const base = props.fieldPathId.$id;
  const sections = groupElements(props.properties, groups).map((section, index) => {
    const headingId = `${base}__group_${index}`;
    const fields = section.elements.map((element) =>
      element.hidden ? (
        element.content
      ) : (
        <Grid size={{ xs: 12 }} key={element.name} sx={{ mb: 1.25 }}>
          {element.content}
        </Grid>
      ),
    );
    const titled = section.group && !section.allHidden;
    return {
      name: headingId,
      hidden: section.allHidden,
      content: titled ? (
        <Box component="section" key={headingId} aria-labelledby={headingId} sx={{ '& + &': { mt: 2 } }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ mb: section.group!.description ? 0.5 : 1.5 }}>
            {section.group!.title}
          </Typography>
          {section.group!.description && <Typography sx={{ mb: 1.5, color: 'text.secondary' }}>{section.group!.description}</Typography>}
          <Grid container spacing={2}>
            {fields}
          </Grid>
        </Box>
      ) : section.allHidden ? (
        <Fragment key={headingId}>{fields}</Fragment>
      ) : (
        <Grid container spacing={2} key={headingId}>
          {fields}
        </Grid>
      ),
    };
  });
  return <MuiObjectFieldTemplate {...props} properties={sections} />;
}
