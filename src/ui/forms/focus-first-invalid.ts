/**
 * After a refused submit, the keyboard goes to the first field that shows a problem, in the order the page shows
 * them (whatever the order of the validator's errors, and for widgets too: radios, checkboxes, file buttons).
 */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined): void {
  setTimeout(() => {
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"], .Mui-error input:not([type="hidden"]), .Mui-error button, .Mui-error [tabindex="0"]');
    target?.focus();
  }, 0);
}
