import onboarding from '../../forms/messages/onboarding.json';
import type { Messages } from './message-catalog.js';

/** The onboarding server's answers that belong to no one field: codes, limits, documents, the account claim. */
export const ONBOARDING_TEXTS: Messages<'onboarding'> = onboarding;
