/**
 * The message files under forms/messages/ and the keys the code reads from each: what the server answers and the
 * pages show that belongs to no one field of a form (a field's messages are in its form's `errorMessage`, a step's
 * texts in the flow file). An analyst rewords a message in its file; `npm run config:check` refuses a file that lacks
 * a key the code reads (the answer would have no message), a key the code does not read (a misspelling, which would
 * change nothing), an empty text, and a {placeholder} the code does not fill (it would reach people as written).
 * A developer who needs a new message adds its key here and to the file.
 */
export const MESSAGE_FILES = {
  auth: [
    'codeSent', 'resetCodeSent', 'codeVerified', 'passwordUpdated', 'invalidCredentials', 'accountLocked', 'tooManyLogins', 'tooManyResets',
    'tooManyVerifications', 'invalidCode', 'replacedCode', 'expiredCode', 'invalidResetToken', 'invalidPasswordFormat', 'samePassword',
    'resetSuccessRedirect', 'resendLimit', 'loggedOut', 'sendNeedsUser', 'verifyNeedsUser', 'tooManySignInCodes', 'attemptExpired',
  ],
  session: ['expired'],
  transfers: [
    'codeSent', 'noCode', 'differentTransfer', 'invalidCode', 'expiredCode', 'tooManyCodes', 'noContact', 'notFound', 'tooManyNotFound', 'keyUsed',
    'alreadyMade', 'insufficientFunds', 'insufficientFundsOf', 'noMembership', 'completed', 'confirmQuestion', 'returningToDashboard',
    'confirmTitle', 'cancel', 'complete', 'backToDashboard', 'codeTitle', 'codeBody', 'yourMobile', 'sendNewCode', 'successTitle', 'referenceNumber',
    'goToDashboard',
  ],
  member: [
    'noSavingsAccounts', 'noDepositAccounts', 'noLoans', 'noTransactions', 'noTransactionsInDates', 'reversedDates',
    'greeting', 'greetingNoName', 'savings', 'deposits', 'loans', 'availableBalance', 'balanceOwed', 'loadingGroup',
    'retry', 'quickActions', 'transferToSelf', 'transferToMember', 'applyForLoan', 'support', 'recentTransactions',
    'viewAll', 'loadingRecentTransactions', 'dashboard', 'account', 'transactions', 'transfers', 'investments',
    'cards', 'settings', 'memberPages', 'memberMenu', 'dateRange', 'from', 'to', 'clearDates', 'loadingTransactions',
    'date', 'description', 'reference', 'amount', 'balance', 'accountNumber',
  ],
  onboarding: [
    'tooManyRequests', 'resendLimit', 'resendCooldown', 'tooManyCodesMobile', 'tooManyCodesEmail', 'alreadySubmitted', 'notRequestedStep', 'changedWhileSaving',
    'emptyFile', 'fileName', 'fileNameLength', 'repeatedField', 'totalExceeded', 'claimReceived', 'claimSent',
    'claimVerified', 'claimTooManyAttempts', 'claimTooManyCodes', 'claimFirst', 'claimNotProven', 'stepSaved', 'submitted', 'incomplete',
    'emailCodeSent', 'mobileCodeSent', 'emailAlreadyVerified', 'mobileAlreadyVerified', 'emailVerified', 'mobileVerified', 'fileTooLarge', 'tooManyParts', 'unreadableUpload', 'unknownUploadField', 'notMultipart', 'noSignupId',
    'sendNeedsSignup', 'verifyNeedsSignup',
  ],
  requests: [
    'fixFields', 'fixQuery', 'fixPath', 'blankField', 'hiddenField', 'unstorableField', 'oneLine', 'wholeNumber', 'badValue', 'emailTaken', 'mobileTaken',
    'signupNotFound', 'userNotFound', 'accountNotFound', 'documentNotFound', 'realDate', 'badFormat', 'briefOutage',
    'notText', 'notNumber', 'notTrueFalse', 'notList', 'notObject', 'notNull', 'atLeast', 'atMost', 'moreThan', 'lessThan', 'tooShort', 'tooLong',
    'notListed', 'tooFewItems', 'tooManyItems', 'repeatedItem',
  ],
  admin: [
    'cannotChangeOwnRole', 'noSteps', 'noMessage', 'messageTooLong', 'userCreated', 'userUpdated', 'userBlocked', 'userUnblocked', 'userDeleted',
    'userAlreadyDeleted', 'cannotBlockSelf', 'cannotDeleteSelf', 'commentAdded', 'commentRecorded', 'approved', 'firstApproval', 'rejected', 'referred', 'alreadyApproved', 'alreadyRejected',
    'alreadyReferred', 'waitingForChanges', 'cannotDecide', 'memberHasAccess', 'sameAdminTwice', 'ownApplication', 'notIndependent', 'claimed', 'released',
    'reassigned', 'cannotAssignDecided', 'alreadyClaimed', 'assignedTo', 'notAssigned', 'onlyAssigneeReleases', 'chooseAdministrator',
    'alreadyAssignedTo', 'unknownSteps', 'notAStep', 'changesRequested', 'selfLockout', 'userNotLoaded', 'noUserData', 'noUsers',
    'noUsersMatchSearch', 'noUsersMatchFilter', 'createFailed', 'updateFailed', 'noApplicationsMatch', 'administratorsNotLoaded',
    'firstApprovalByYou', 'firstApprovalBy', 'changesResent', 'waitingForApplicant', 'reversedDays', 'userDataNotLoaded', 'noComments',
    'blockFailed', 'unblockFailed', 'deleteFailed', 'approveFailed', 'rejectFailed', 'commentFailed', 'referFailed', 'claimFailed',
    'releaseFailed', 'reassignFailed', 'requestChangesFailed',
    'signupApprovals', 'backToSignupApprovals', 'refresh', 'retry', 'signupsNotLoaded', 'noSignupsTitle', 'noSignupsBody', 'searchApplications',
    'searchApplicationsHint', 'statusFilter', 'allStatuses', 'assignedToMe', 'loadingSignups', 'signupsTable', 'columnId', 'columnName',
    'columnEmail', 'columnRegistered', 'columnStatus', 'columnRisk', 'columnAssignee', 'columnComments', 'columnActions', 'noRisk', 'unassigned',
    'assigneeIsYou', 'you', 'unnamedUser', 'reviewApplicationOf', 'actionsFor', 'claim', 'release', 'reassign', 'giveSecondApproval',
    'secondApprovalByAnother', 'approve', 'reject', 'refer', 'addComment', 'reviewApplication', 'users', 'backToUsers', 'createUser',
    'usersNotLoaded', 'searchUsers', 'searchUsersHint', 'loadingUsers', 'usersTable', 'columnUserId', 'columnEmailAddress', 'columnLastSignedIn',
    'neverSignedIn', 'view', 'edit', 'block', 'unblock', 'delete', 'viewUser', 'editUser', 'blockUser', 'unblockUser', 'deleteUser', 'cancel',
    'viewUserTitle', 'userNumber', 'lastLogin', 'contactSection', 'personalSection', 'systemSection', 'emailLabel', 'mobileLabel', 'otherNamesLabel',
    'dobLabel', 'genderLabel', 'roleLabel', 'officeLabel', 'notProvided', 'notSpecified',
  ],
  notifications: [
    'signInCodeSubject', 'signInCode', 'transferCodeSubject', 'transferCode', 'claimCodeSubject', 'claimCode',
    'resumeCodeSubject', 'resumeCode', 'resetCodeSubject', 'resetCode', 'passwordChangedSubject', 'passwordChanged',
    'emailCodeSubject', 'emailCode', 'mobileCode', 'existingAccountSms', 'existingAccountEmailSubject',
    'existingAccountEmail', 'contactChangedSubject', 'contactChangedEmail', 'contactChangedMobile',
    'contactChangedBoth', 'approvedSubject', 'approvedNewMember', 'approvedExistingMember', 'memberAccessSubject',
    'memberAccess', 'rejectedSubject', 'rejected',
  ],
} as const satisfies Record<string, readonly string[]>;

export type MessageFile = keyof typeof MESSAGE_FILES;

/** One file's messages, by key. */
export type Messages<F extends MessageFile> = { [K in (typeof MESSAGE_FILES)[F][number]]: string };

/** The {placeholders} the code fills in a message, by `file.key`; a message not listed here is shown as written. */
export const MESSAGE_PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = {
  'transfers.insufficientFundsOf': ['available'],
  'transfers.codeBody': ['phone'],
  'member.greeting': ['name'],
  'member.loadingGroup': ['group'],
  'member.accountNumber': ['number'],
  'onboarding.fileNameLength': ['max'],
  'admin.messageTooLong': ['max'],
  'admin.cannotDecide': ['status'],
  'admin.cannotAssignDecided': ['status'],
  'admin.assignedTo': ['name'],
  'admin.onlyAssigneeReleases': ['name'],
  'admin.alreadyAssignedTo': ['name'],
  'admin.notAStep': ['steps'],
  'admin.userNotLoaded': ['error'],
  'admin.userDataNotLoaded': ['error'],
  'admin.firstApprovalBy': ['names'],
  'admin.changesResent': ['requested', 'steps', 'message', 'resent'],
  'admin.waitingForApplicant': ['requested', 'steps', 'message'],
  'admin.signupsNotLoaded': ['error'],
  'admin.assigneeIsYou': ['name'],
  'admin.unnamedUser': ['id'],
  'admin.reviewApplicationOf': ['id', 'name'],
  'admin.actionsFor': ['name'],
  'admin.usersNotLoaded': ['error'],
  'admin.viewUser': ['name'],
  'admin.editUser': ['name'],
  'admin.blockUser': ['name'],
  'admin.unblockUser': ['name'],
  'admin.deleteUser': ['name'],
  'admin.userNumber': ['id'],
  'admin.lastLogin': ['when'],
  'onboarding.incomplete': ['problems'],
  'requests.atLeast': ['limit'],
  'requests.atMost': ['limit'],
  'requests.moreThan': ['limit'],
  'requests.lessThan': ['limit'],
  'requests.tooShort': ['limit'],
  'requests.tooLong': ['limit'],
  'requests.tooFewItems': ['limit'],
  'requests.tooManyItems': ['limit'],
  // Every email and text message may name the product ({product}).
  'notifications.signInCodeSubject': ['product'],
  'notifications.signInCode': ['product', 'code'],
  'notifications.transferCodeSubject': ['product'],
  'notifications.transferCode': ['product', 'code', 'amount', 'accountEnding'],
  'notifications.claimCodeSubject': ['product'],
  'notifications.claimCode': ['product', 'code'],
  'notifications.resumeCodeSubject': ['product'],
  'notifications.resumeCode': ['product', 'code'],
  'notifications.resetCodeSubject': ['product'],
  'notifications.resetCode': ['product', 'code'],
  'notifications.passwordChangedSubject': ['product'],
  'notifications.passwordChanged': ['product', 'name', 'when'],
  'notifications.emailCodeSubject': ['product'],
  'notifications.emailCode': ['product', 'code'],
  'notifications.mobileCode': ['product', 'code'],
  'notifications.existingAccountSms': ['product', 'signIn', 'reset'],
  'notifications.existingAccountEmailSubject': ['product'],
  'notifications.existingAccountEmail': ['product', 'signIn', 'reset'],
  'notifications.contactChangedSubject': ['product'],
  'notifications.contactChangedEmail': ['product', 'name', 'email', 'when'],
  'notifications.contactChangedMobile': ['product', 'name', 'mobile', 'when'],
  'notifications.contactChangedBoth': ['product', 'name', 'email', 'mobile', 'when'],
  'notifications.approvedSubject': ['product'],
  'notifications.approvedNewMember': ['product', 'name', 'accountNumber'],
  'notifications.approvedExistingMember': ['product', 'name'],
  'notifications.memberAccessSubject': ['product'],
  'notifications.memberAccess': ['product', 'email'],
  'notifications.rejectedSubject': ['product'],
  'notifications.rejected': ['product', 'name'],
};

/**
 * The {placeholders} a message cannot do without, by `file.key`: a code's message without {code} would reach the person
 * with no code in it. The checker refuses such a message.
 */
export const MESSAGE_REQUIRED_PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = {
  'notifications.$comment': ['code'],
  'notifications.signInCode': ['code'],
  'notifications.transferCode': ['code'],
  'notifications.claimCode': ['code'],
  'notifications.resumeCode': ['code'],
  'notifications.resetCode': ['code'],
  'notifications.emailCode': ['code'],
  'notifications.mobileCode': ['code'],
};
