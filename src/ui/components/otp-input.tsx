import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Box, FormHelperText, OutlinedInput } from '@mui/material';
import { PAGE_TEXTS } from '../../shared/page-texts';
import { fillText } from '../../shared/fill-text';

export const OTP_LENGTH = 6;

export interface OtpInputProps {
  /** The digits entered so far (at most `length`). */
  value: string;
  onChange: (value: string) => void;
  /** Called once all boxes are filled (typing the last digit or pasting a whole code): the auto-submit. */
  onComplete?: (code: string) => void;
  length?: number;
  disabled?: boolean;
  /** An error message shown under the boxes; it also marks every box invalid. */
  error?: string;
  /** Focus the first empty box on mount. */
  autoFocus?: boolean;
  /** Prefix for the inputs' ids (several code entries on one page). */
  idPrefix?: string;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * What was put into a box that held `digit`, from the box's new text and caret. One digit typed next to the old one
 * (caret after or before it) leaves the old one in the text: it is dropped. A whole code inserted next to it leaves
 * one digit too many: the old one is dropped. Anything else (a selected digit typed over, an autofill or a fill,
 * which replace the whole text) is all new.
 */
export function insertedText(digit: string, text: string, caret: number | null, length = OTP_LENGTH): string {
  if (!digit) return text;
  const at = caret ?? text.length;
  if (text.length === 2) {
    if (text.startsWith(digit) && at === 2) return text.slice(1);
    if (text.endsWith(digit) && at === 1) return text.slice(0, 1);
  }
  if (onlyDigits(text).length === length + 1) {
    if (text.startsWith(digit)) return text.slice(1);
    if (text.endsWith(digit)) return text.slice(0, -1);
  }
  return text;
}

/**
 * Six single-digit boxes (spec 3 section 2): typing moves on, Backspace moves back, arrow keys move,
 * a pasted, filled or SMS-autofilled code fills every box (whichever box received it; a fragment spreads from
 * that box), and the sixth digit triggers onComplete. The boxes shrink to fit a 360 px phone.
 */
export function OtpInput({ value, onChange, onComplete, length = OTP_LENGTH, disabled, error, autoFocus, idPrefix = 'otp' }: OtpInputProps) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  // The boxes keep their own positions (a digit may sit in box 3 while box 1 is empty); `value` is their
  // digits joined. A value set from outside (a reset to '') that disagrees with the boxes replaces them.
  const [digits, setDigits] = useState(() => Array.from({ length }, (_, i) => value[i] ?? ''));
  const joined = digits.join('');
  if (value !== joined) {
    const next = Array.from({ length }, (_, i) => value[i] ?? '');
    setDigits(next);
  }
  const errorId = `${idPrefix}-error`;

  useEffect(() => {
    if (autoFocus && !disabled) refs.current[Math.min(onlyDigits(value).length, length - 1)]?.focus();
    // Only on mount: refocusing on every change would fight the user's own navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The boxes are disabled while a code is checked, and a disabled box loses the focus: when they come back (a wrong
  // code, the boxes emptied) with the focus on nothing, it returns to the first empty box, so the person can type the
  // code again at once; focus the person moved elsewhere (Resend) stays there.
  const wasDisabled = useRef(disabled);
  useEffect(() => {
    if (wasDisabled.current && !disabled) {
      const active = document.activeElement;
      if (!active || active === document.body || refs.current.includes(active as HTMLInputElement)) refs.current[Math.min(onlyDigits(value).length, length - 1)]?.focus();
    }
    wasDisabled.current = disabled;
  }, [disabled, value, length]);

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string[]) => {
    const code = next.join('');
    setDigits(next);
    onChange(code);
    if (code.length === length && next.every((d) => d !== '')) onComplete?.(code);
  };

  const setDigitAt = (index: number, text: string) => {
    const incoming = onlyDigits(text);
    if (!incoming) return;
    // A whole code (an SMS autofill, a paste, a fill) goes into every box from the first, whichever box got it.
    const start = incoming.length >= length ? 0 : index;
    const next = [...digits];
    // Several digits (a fragment pasted or filled into one box) spread forward over the boxes.
    for (let i = 0; i < incoming.length && start + i < length; i += 1) next[start + i] = incoming[i];
    commit(next);
    focusBox(start + incoming.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    // The digit the box already holds, typed over it (the code typed again after a reload kept it): the box's text does
    // not change, so no change event comes, and the caret would stay; move on as for any other digit.
    if (/^\d$/.test(event.key) && event.key === digits[index] && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      setDigitAt(index, event.key);
      return;
    }
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...digits];
      if (next[index]) {
        next[index] = '';
        commit(next);
      } else if (index > 0) {
        next[index - 1] = '';
        commit(next);
        focusBox(index - 1);
      }
    } else if (event.key === 'Delete') {
      event.preventDefault();
      const next = [...digits];
      next[index] = '';
      commit(next);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusBox(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusBox(length - 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = onlyDigits(event.clipboardData.getData('text')).slice(0, length);
    if (!pasted) return;
    // A whole code fills from the first box wherever it was pasted; a fragment fills from the caret (setDigitAt).
    setDigitAt(index, pasted);
  };

  return (
    <Box>
      <Box role="group" aria-label={PAGE_TEXTS.codeBoxes} sx={{ display: 'flex', gap: { xs: 0.75, sm: 1.5 }, justifyContent: 'center' }}>
        {digits.map((digit, index) => (
          // OutlinedInput rather than TextField: no label per box, and no Select/Menu/Modal in the code pages' script.
          <OutlinedInput
            key={index}
            id={`${idPrefix}-${index + 1}`}
            value={digit}
            disabled={disabled}
            error={Boolean(error)}
            inputRef={(el: HTMLInputElement | null) => {
              refs.current[index] = el;
            }}
            onChange={(event) => {
              const text = event.target.value;
              if (text === '') {
                const next = [...digits];
                next[index] = '';
                commit(next);
                return;
              }
              setDigitAt(index, insertedText(digit, text, event.target.selectionStart, length));
            }}
            onKeyDown={(event) => onKeyDown(index, event as KeyboardEvent<HTMLInputElement>)}
            onPaste={(event) => onPaste(index, event as ClipboardEvent<HTMLInputElement>)}
            onFocus={(event) => event.target.select()}
            inputProps={{
              'aria-label': fillText(PAGE_TEXTS.codeDigit, { digit: index + 1, length }),
              'aria-invalid': Boolean(error),
              'aria-describedby': error ? errorId : undefined,
              inputMode: 'numeric',
              pattern: '[0-9]*',
              // The first box takes the phone's code suggestion (SMS autofill); no maxLength, so an autofill or a
              // fill of all six digits reaches onChange whole and spreads over the boxes (a limit cut it to 2).
              autoComplete: index === 0 ? 'one-time-code' : 'off',
              style: { textAlign: 'center', fontSize: '1.5rem', padding: '12px 0' },
            }}
            sx={{ flex: '0 1 52px', minWidth: 0 }}
          />
        ))}
      </Box>
      {error && (
        <FormHelperText id={errorId} error role="alert" sx={{ textAlign: 'center', mt: 1 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
