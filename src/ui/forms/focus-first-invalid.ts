/**
 * What shows a problem: a field marked invalid (an input, or an option group: role="radiogroup" or "group"), a
 * widget's message that stands for the whole field (`data-focus-on-error`, with tabIndex -1: a beneficiary list's
 * "Total percentage must equal 100%"), or a control inside an MUI field in its error state.
 */
const INVALID = '[aria-invalid="true"], [data-focus-on-error], .Mui-error input:not([type="hidden"]), .Mui-error button, .Mui-error [tabindex="0"]';
const CONTROL = 'input:not([type="hidden"]):not([disabled]), button:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/** The element the keyboard goes to for an invalid one: a radio group's chosen option (else its first), a group's first control, an MUI select's box. */
function focusTarget(element: HTMLElement): HTMLElement | null {
  const role = element.getAttribute('role');
  if (role === 'radiogroup') return element.querySelector<HTMLElement>('input:checked:not([disabled])') ?? element.querySelector<HTMLElement>(CONTROL);
  if (role === 'group') return element.querySelector<HTMLElement>(CONTROL);
  // MUI's select marks its hidden native input invalid; the keyboard goes to its box.
  if (element.getAttribute('aria-hidden') === 'true') return element.parentElement?.querySelector<HTMLElement>('[role="combobox"]') ?? null;
  return element;
}

/**
 * After a refused submit, the keyboard goes to the first field that shows a problem, in the order the page shows
 * them (whatever the order of the validator's errors, and for widgets too: radios, checkboxes, file buttons). Also
 * for a part of a form (a beneficiary list's add form after Add): pass that part.
 * A marked control that cannot take the focus (an agreement's box, disabled until its document is read) is passed
 * over for the next one of the field (its "Read" button): focusing it did nothing, so the keyboard stayed on Next and
 * the message went unannounced.
 */
export function focusFirstInvalid(container: ParentNode | null | undefined): void {
  setTimeout(() => {
    for (const invalid of Array.from(container?.querySelectorAll<HTMLElement>(INVALID) ?? [])) {
      const target = focusTarget(invalid);
      if (!target || target.matches(':disabled')) continue;
      target.focus();
      if (target.ownerDocument.activeElement === target) return;
    }
  }, 0);
}
