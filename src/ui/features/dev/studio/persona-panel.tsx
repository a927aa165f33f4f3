import { useEffect, useMemo, useState } from 'react';
import { Box, Checkbox, Chip, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import type { FlowDefinition } from '../../../../shared/flow/flow-types';
import type { JsonObject } from '../../../../shared/forms/form-registry';
import { computeFacts, factInWords, OTHER_VALUE } from '../../../../shared/facts/declared-facts';
import { applicantProfiles, walkFlow } from '../../../../shared/flow/walk-flow';
import { personaFields, type PersonaField } from '../../../../shared/facts/persona-fields';
import { loadForm } from '../../../forms/load-form';

export type Persona = Record<string, unknown>;

interface FieldInput extends PersonaField {
  label: string;
  options: Array<{ value: string | number | boolean; label: string }>;
}

/** A field's options from its form schema: `oneOf` of `{ const, title }` (the lists) or `enum`. */
function schemaOptions(property: JsonObject | undefined): FieldInput['options'] {
  const list = property?.oneOf ?? property?.anyOf;
  if (Array.isArray(list)) return list.filter((o: JsonObject) => o && 'const' in o).map((o: JsonObject) => ({ value: o.const, label: String(o.title ?? o.const) }));
  if (Array.isArray(property?.enum)) return property.enum.map((v: string) => ({ value: v, label: String(v) }));
  return [];
}

/**
 * Where the flow gets each field the facts read, to label the persona's inputs as the applicant met them: a choice
 * step's `set` (its title and its choices' labels) or a form step's `remember` of `data.<field>` (that field's title
 * and options in the form). Read from the flow and the forms, so a new fact needs no change here.
 */
function useFieldInputs(flow: FlowDefinition): FieldInput[] {
  const fields = useMemo(() => personaFields(flow.facts ?? {}), [flow.facts]);
  const [properties, setProperties] = useState<Record<string, JsonObject>>({});
  const sources = useMemo(() => {
    const out: Record<string, { step: string; form?: string; property?: string }> = {};
    for (const [id, step] of Object.entries(flow.steps)) {
      for (const choice of step.choices ?? []) for (const key of Object.keys(choice.set)) out[key] ??= { step: id };
      for (const [key, source] of Object.entries(step.remember ?? {})) if (source.startsWith('data.') && step.form) out[key] ??= { step: id, form: step.form, property: source.slice(5) };
    }
    return out;
  }, [flow.steps]);
  useEffect(() => {
    let live = true;
    const wanted = fields.map((f) => sources[f.field]).filter((s) => s?.form && s.property);
    Promise.all(wanted.map((s) => loadForm(s!.form!).then((form) => [s!.form + '#' + s!.property, form.schema.properties?.[s!.property!]] as const).catch(() => null))).then((found) => {
      if (live) setProperties(Object.fromEntries(found.filter((f): f is readonly [string, JsonObject] => Boolean(f?.[1]))));
    });
    return () => {
      live = false;
    };
  }, [fields, sources]);
  return fields.map((field) => {
    const source = sources[field.field];
    const step = source ? flow.steps[source.step] : undefined;
    if (step?.choices) {
      const options = step.choices.flatMap((c) => (field.field in c.set && c.set[field.field] !== null ? [{ value: c.set[field.field] as string | number | boolean, label: c.label }] : []));
      return { ...field, label: step.title, options };
    }
    const property = source?.form ? properties[`${source.form}#${source.property}`] : undefined;
    const options = schemaOptions(property);
    return { ...field, label: String(property?.title ?? field.field), options: options.length ? options : field.values.map((v) => ({ value: v, label: String(v) })) };
  });
}

interface PersonaPanelProps {
  flow: FlowDefinition;
  persona: Persona;
  onChange: (persona: Persona) => void;
  today: string;
}

/**
 * The persona: one input per field the declared facts read (a date, a choice, a yes/no box), labelled as the
 * applicant met it, and the facts that follow for today.
 */
export function PersonaPanel({ flow, persona, onChange, today }: PersonaPanelProps) {
  const inputs = useFieldInputs(flow);
  const facts = computeFacts(flow.facts, persona, today);
  // The kinds of applicant npm run flow:paths walks, each with a ready-made persona of that kind for today.
  const profiles = useMemo(() => applicantProfiles(flow, today), [flow, today]);
  const kind = profiles.findIndex((p) => Object.entries(p.facts).every(([name, value]) => facts[name] === value));
  const choosePersonaOf = (index: number) => {
    const example: Persona = { ...profiles[index].example };
    for (const [field, value] of Object.entries(example)) {
      if (value !== OTHER_VALUE) continue;
      // "None of the listed values": the first option the rule does not list (another nationality, a new customer).
      const input = inputs.find((i) => i.field === field);
      const other = input?.options.find((o) => !input.values.includes(o.value));
      // Without such an option (the form's list not loaded yet) the persona keeps "(something else)".
      if (other) example[field] = other.value;
    }
    onChange(example);
  };
  const set = (field: string, value: unknown) => {
    const next = { ...persona };
    if (value === '' || value === undefined || value === false) delete next[field];
    else next[field] = value;
    onChange(next);
  };
  const usedBy = (input: FieldInput) => `Decides: ${input.facts.map((f) => flow.facts[f]?.label ?? f).join(', ')}`;
  return (
    <Stack spacing={2}>
      <TextField
        id="persona-kind"
        select
        label="Kind of applicant"
        value={kind >= 0 ? String(kind) : ''}
        onChange={(e) => e.target.value !== '' && choosePersonaOf(Number(e.target.value))}
        helperText="One of each kind the flow tells apart (npm run flow:paths); fills the inputs below."
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        fullWidth
      >
        <option value="">(your own answers below)</option>
        {profiles.map((p, i) => (
          <option key={p.name} value={String(i)}>
            {`${p.name} (${walkFlow(flow, p.facts).length} steps)`}
          </option>
        ))}
      </TextField>
      {inputs.map((input) => {
        const id = `persona-${input.field}`;
        if (input.kind === 'yesno')
          return (
            <Box key={input.field}>
              <FormControlLabel control={<Checkbox id={id} checked={persona[input.field] === true} onChange={(e) => set(input.field, e.target.checked)} />} label={input.label} />
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', ml: 4 }}>
                {usedBy(input)}
              </Typography>
            </Box>
          );
        if (input.kind === 'date')
          return (
            <TextField key={input.field} id={id} type="date" label={input.label} value={(persona[input.field] as string) ?? ''} onChange={(e) => set(input.field, e.target.value)} helperText={usedBy(input)} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
          );
        if (input.kind === 'number')
          return (
            <TextField key={input.field} id={id} type="number" label={input.label} value={persona[input.field] === undefined ? '' : String(persona[input.field])} onChange={(e) => set(input.field, e.target.value === '' ? '' : Number(e.target.value))} helperText={usedBy(input)} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
          );
        if (input.kind === 'choice' && input.options.length)
          return (
            <TextField
              key={input.field}
              id={id}
              select
              label={input.label}
              value={persona[input.field] === undefined ? '' : JSON.stringify(persona[input.field])}
              onChange={(e) => set(input.field, e.target.value ? JSON.parse(e.target.value) : '')}
              helperText={usedBy(input)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              fullWidth
            >
              <option value="">(not answered)</option>
              {persona[input.field] !== undefined && !input.options.some((o) => o.value === persona[input.field]) && (
                <option value={JSON.stringify(persona[input.field])}>{String(persona[input.field])}</option>
              )}
              {input.options.map((o) => (
                <option key={JSON.stringify(o.value)} value={JSON.stringify(o.value)}>
                  {o.label}
                </option>
              ))}
            </TextField>
          );
        return <TextField key={input.field} id={id} label={input.label} value={(persona[input.field] as string) ?? ''} onChange={(e) => set(input.field, e.target.value)} helperText={usedBy(input)} fullWidth />;
      })}
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          This applicant is
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} component="ul" aria-label="Facts for this persona" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {Object.entries(facts).map(([name, value]) => (
            <li key={name}>
              <Chip size="small" color={value ? 'primary' : 'default'} variant={value ? 'filled' : 'outlined'} label={factInWords(name, flow.facts[name], value)} />
            </li>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
