import { use } from 'react';
import { loadFlatForm, type FlatFormDefinition } from './load-flat-form';

/** The flat form `formId`, suspending (the route's loader shows) until its module arrived. */
export function useFlatForm(formId: string): FlatFormDefinition {
  return use(loadFlatForm(formId));
}
