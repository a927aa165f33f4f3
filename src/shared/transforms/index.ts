import { basicInfoDerive, basicInfoPayload } from './basic-info';
import {
  beneficiariesPayload,
  employmentDerive,
  employmentPayload,
  foreignBankDerive,
  foreignBankPayload,
  identificationDerive,
  mailingAddressDerive,
  membershipDerive,
  pepDerive,
  pepPayload,
} from './step-rules';
import type { Transform } from './types';

/**
 * Every named transform. The flow file names payload builders (`submit.transform`, run in the browser
 * after validation); a form schema names its change rule (`x-transform`: derived fields and side
 * effects, run on every change in the browser and before validation on the server).
 */
export const transforms: Record<string, Transform> = {
  basicInfoDerive,
  basicInfoPayload,
  membershipDerive,
  pepDerive,
  pepPayload,
  identificationDerive,
  mailingAddressDerive,
  foreignBankDerive,
  foreignBankPayload,
  employmentDerive,
  employmentPayload,
  beneficiariesPayload,
};

