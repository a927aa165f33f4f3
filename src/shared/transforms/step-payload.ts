import { withBranchConsts } from '../forms/branch-consts';
import type { JsonObject } from '../forms/form-registry';
import { withoutHiddenFields } from '../forms/visible-fields';
import { transforms } from './index';
import type { FormData, TransformContext } from './types';

/**
 * The body of a form step's call, before the signup id: the answers without the fields their `showWhen` hides (with
 * the facts in `ctx`), through the flow file's `submit.transform` if it names one, then the fields the form's
 * branches pin for these answers (withBranchConsts: what the transform left unset). The wizard sends it, the server
 * accepts exactly it for a field the form hides, and the QA replay and the checker build their bodies with it.
 */
export function stepPayload(transform: string | undefined, form: { schema: JsonObject; uiSchema?: JsonObject } | undefined, data: FormData, ctx: TransformContext): FormData {
  const named = transform ? transforms[transform] : undefined;
  if (transform && !named) throw new Error(`Unknown transform "${transform}" named by the flow file's submit.transform.`);
  const shown = form ? withoutHiddenFields(form.schema, form.uiSchema ?? {}, data, ctx.facts) : data;
  const body = named ? named(shown, ctx) : { ...shown };
  return form ? withBranchConsts(form.schema, body) : body;
}
