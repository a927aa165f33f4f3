const KEY = 'cu.onboarding.customerType';

/** Clears the new-customer and existing-customer flags (the welcome page's "Don't have an account?"). */
export function clearCustomerFlags(): void {
  localStorage.removeItem(KEY);
}
