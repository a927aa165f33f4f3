import type { RouteObject } from 'react-router-dom';
import ComingSoonPage from '../../components/coming-soon-page';

// Replaced by the flow-driven routes of flows/onboarding.flow.json once the engine lands.
const steps: Array<[string, string]> = [
  ['/new-or-existing-customer', 'New or Existing Customer'],
  ['/getting-ready', 'Getting Ready'],
  ['/basic-info', 'Basic Information'],
  ['/email-verification', 'Email Verification'],
  ['/mobile-verification', 'Mobile Verification'],
  ['/membership-declaration-agreement', 'Membership Declaration'],
  ['/politically-exposed-persons', 'Politically Exposed Persons'],
  ['/child-id-information', 'Child ID Information'],
  ['/parent-guardian-information', 'Parent/Guardian Information'],
  ['/id-information', 'ID Information'],
  ['/account-number', 'Account Number'],
  ['/due-diligence', 'Due Diligence'],
  ['/address', 'Address'],
  ['/mailing-address', 'Mailing Address'],
  ['/foreign-national-bank-information', 'Foreign Bank Information'],
  ['/employment-information', 'Employment Information'],
  ['/designation-of-beneficiary', 'Designation of Beneficiary'],
  ['/power-of-attorney', 'Power of Attorney'],
  ['/branch', 'Branch Selection'],
  ['/success', 'Submit Application'],
];

/** The public onboarding wizard's step routes. */
export const onboardingRoutes: RouteObject[] = steps.map(([path, title]) => ({ path, element: <ComingSoonPage title={title} /> }));
