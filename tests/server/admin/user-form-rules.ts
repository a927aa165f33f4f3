/** Every rule and message of the admin user form (spec 2 section 5), as [field, value, message]. */
export const USER_FORM_RULES: Array<[string, unknown, string]> = [
  ['first_name', undefined, 'First name is required'],
  ['first_name', '', 'First name is required'],
  ['first_name', 'A'.repeat(51), 'First name cannot exceed 50 characters'],
  ['first_name', 'Ann3', 'First name can only contain letters, spaces, hyphens, and apostrophes'],
  ['last_name', undefined, 'Last name is required'],
  ['last_name', '', 'Last name is required'],
  ['last_name', 'B'.repeat(51), 'Last name cannot exceed 50 characters'],
  ['last_name', 'Smith_', 'Last name can only contain letters, spaces, hyphens, and apostrophes'],
  ['other_names', 'C'.repeat(101), 'Other names cannot exceed 100 characters'],
  ['other_names', 'J. R.', 'Other names can only contain letters, spaces, hyphens, and apostrophes'],
  ['email', undefined, 'Email address is required'],
  ['email', '', 'Email address is required'],
  ['email', 'not-an-email', 'Please enter a valid email address'],
  ['email', `${'e'.repeat(95)}@x.com`, 'Email cannot exceed 100 characters'],
  ['mobile', undefined, 'Mobile number is required'],
  ['mobile', '', 'Mobile number is required'],
  ['mobile', '1234567', 'Please enter a valid mobile number'],
  ['mobile', '1'.repeat(21), 'Please enter a valid mobile number'],
  ['mobile', '+1 868 555 01a9', 'Please enter a valid mobile number'],
  // Signs and brackets without the digits of a number (stored as nothing, a second such user then "taken").
  ['mobile', '+-+-+-+-', 'Please enter a valid mobile number'],
  ['mobile', '(((((((()', 'Please enter a valid mobile number'],
  ['mobile', '+1 (868) 5', 'Please enter a valid mobile number'],
  ['password', undefined, 'Password is required'],
  ['password', 'Sh0rt!', 'Password must be at least 8 characters'],
  // The one password policy (forms/lists/password.json), each rule with its own message as spec 1 and spec 2's
  // sign-up word them; the admin form's old short symbol list ('Bad#Char12!' refused) was a second policy.
  ['password', 'alllower1!', 'Password must contain at least one uppercase letter'],
  ['password', 'ALLUPPER1!', 'Password must contain at least one lowercase letter'],
  ['password', 'NoDigits!!', 'Password must contain at least one number'],
  ['password', 'NoSpecial12', 'Password must contain at least one special character'],
  ['password', 'Bad"Quote12!', 'Password contains invalid characters. Please use only letters, numbers, and basic symbols.'],
  ['verify_password', 'Str0ng!Pasz', 'Passwords must match'],
  ['role_id', undefined, 'Role is required'],
  ['role_id', 9, 'Please select a valid role'],
  ['office_id', undefined, 'Office is required'],
  ['office_id', 7, 'Please select a valid office'],
  ['dob', undefined, 'Date of birth is required'],
  ['dob', '2030-01-02', 'Date of birth cannot be in the future'],
  // Written as a date but on no calendar: said as such, not as a missing date.
  ['dob', '2024-02-30', 'Enter the date of birth as a real date (YYYY-MM-DD)'],
  ['gender', undefined, 'Gender is required'],
  ['gender', 'unknown', 'Please select a valid gender'],
];

/**
 * Rules of the browser form only (`requiredInForm` in forms/admin/user.ui.json): the specification's create call
 * sends no `verify_password`, so the server accepts a body without one (and still checks one that is sent).
 */
export const USER_FORM_ONLY_RULES: Array<[string, unknown, string]> = [['verify_password', undefined, 'Please verify your password']];
