import type { Migration } from 'kysely/migration';
import * as foundation from './2026-11-22T0001-foundation.js';
import * as onboardingAndAudit from './2026-11-22T0002-onboarding-and-audit.js';
import * as auth from './2026-11-22T0003-auth.js';
import * as normaliseMobiles from './2026-11-23T0001-normalise-mobiles.js';
import * as accountClaims from './2026-11-24T0001-account-claims.js';
import * as lookupIndexes from './2026-11-25T0001-lookup-indexes.js';
import * as adminQueueAtScale from './2026-11-26T0001-admin-queue-at-scale.js';
import * as studioPermission from './2026-11-27T0001-studio-permission.js';
import * as configVersionsAndFunnel from './2026-11-27T0005-config-versions-and-funnel.js';
import * as resumeAnywhere from './2026-11-28T0001-resume-anywhere.js';
import * as outboxDelivery from './2026-11-28T0020-outbox-delivery.js';
import * as transferCodesAndLimits from './2026-11-28T0030-transfer-codes-and-limits.js';
import * as reviewQueue from './2026-11-28T0040-review-queue.js';
import * as changeRequests from './2026-11-28T0050-change-requests.js';
import * as lighterFunnelIndexes from './2026-11-28T0100-lighter-funnel-indexes.js';
import * as signupIdPrefix from './2026-11-28T0200-signup-id-prefix.js';
import * as codeRecipientIndex from './2026-11-28T0300-code-recipient-index.js';
import * as searchWithoutAccents from './2026-11-28T0400-search-without-accents.js';
import * as claimAnswerWithoutHint from './2026-11-28T0500-claim-answer-without-hint.js';
import * as signupSearchColumn from './2026-11-28T0600-signup-search-column.js';
import * as productCatalog from './2026-11-28T0700-product-catalog.js';
import * as partialTransferLimitIndexes from './2026-11-29T0100-partial-transfer-limit-indexes.js';

/** Every migration by name; names sort by time. Add one line per new migration file (files stay frozen). */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0001-foundation': foundation,
  '2026-11-22T0002-onboarding-and-audit': onboardingAndAudit,
  '2026-11-22T0003-auth': auth,
  '2026-11-23T0001-normalise-mobiles': normaliseMobiles,
  '2026-11-24T0001-account-claims': accountClaims,
  '2026-11-25T0001-lookup-indexes': lookupIndexes,
  '2026-11-26T0001-admin-queue-at-scale': adminQueueAtScale,
  '2026-11-27T0001-studio-permission': studioPermission,
  '2026-11-27T0005-config-versions-and-funnel': configVersionsAndFunnel,
  '2026-11-28T0001-resume-anywhere': resumeAnywhere,
  '2026-11-28T0020-outbox-delivery': outboxDelivery,
  '2026-11-28T0030-transfer-codes-and-limits': transferCodesAndLimits,
  '2026-11-28T0040-review-queue': reviewQueue,
  '2026-11-28T0050-change-requests': changeRequests,
  '2026-11-28T0100-lighter-funnel-indexes': lighterFunnelIndexes,
  '2026-11-28T0200-signup-id-prefix': signupIdPrefix,
  '2026-11-28T0300-code-recipient-index': codeRecipientIndex,
  '2026-11-28T0400-search-without-accents': searchWithoutAccents,
  '2026-11-28T0500-claim-answer-without-hint': claimAnswerWithoutHint,
  '2026-11-28T0600-signup-search-column': signupSearchColumn,
  '2026-11-28T0700-product-catalog': productCatalog,
  '2026-11-29T0100-partial-transfer-limit-indexes': partialTransferLimitIndexes,
};
