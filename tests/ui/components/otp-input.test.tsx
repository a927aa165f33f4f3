// @vitest-environment happy-dom
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OtpInput, insertedText } from '../../../src/ui/components/otp-input';
import { ResendCountdown } from '../../../src/ui/components/resend-countdown';
import { AUTH_TEXTS } from '../../../src/shared/messages';

function Harness({ onComplete, disabled, error, initial = '' }: { onComplete?: (code: string) => void; disabled?: boolean; error?: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpInput value={value} onChange={setValue} onComplete={onComplete} disabled={disabled} error={error} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });

describe('OtpInput', () => {
  it('has six labelled boxes and moves forward as digits are typed, auto-submitting on the sixth', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    await userEvent.click(box(1));
    await userEvent.keyboard('12345');
    expect(box(6)).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();
    await userEvent.keyboard('6');
    expect(screen.getByTestId('value')).toHaveTextContent('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('typing the whole code again from the first box over kept digits moves on at each one, the same digit too', async () => {
    const onComplete = vi.fn();
    // The digits typed before a reload are kept in the tab: 1, 2, 3.
    render(<Harness onComplete={onComplete} initial="123" />);
    await userEvent.click(box(1));
    await userEvent.keyboard('145678');
    expect(screen.getByTestId('value')).toHaveTextContent('145678');
    expect(onComplete).toHaveBeenCalledWith('145678');
  });

  it('ignores letters', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('a1b');
    expect(screen.getByTestId('value')).toHaveTextContent('1');
    expect(box(2)).toHaveFocus();
  });

  it('Backspace clears the box, then moves back and clears the previous one', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('123');
    expect(box(4)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(3)).toHaveFocus();
    expect(screen.getByTestId('value')).toHaveTextContent(/^12$/);
    await userEvent.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(screen.getByTestId('value')).toHaveTextContent(/^1$/);
  });

  it('arrow keys, Home and End move between boxes', async () => {
    render(<Harness />);
    await userEvent.click(box(3));
    await userEvent.keyboard('{ArrowLeft}');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(box(4)).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(box(6)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(box(6)).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(box(1)).toHaveFocus();
  });

  it('pasting a whole code fills every box and auto-submits, whichever box has focus', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await userEvent.click(box(3));
    await userEvent.paste(' 98-76 54 ');
    expect(screen.getByTestId('value')).toHaveTextContent('987654');
    expect(onComplete).toHaveBeenCalledWith('987654');
    for (const [i, d] of ['9', '8', '7', '6', '5', '4'].entries()) expect(box(i + 1)).toHaveValue(d);
  });

  it('pasting a fragment fills from the focused box', async () => {
    render(<Harness />);
    await userEvent.click(box(2));
    await userEvent.paste('45');
    expect(box(2)).toHaveValue('4');
    expect(box(3)).toHaveValue('5');
    expect(box(4)).toHaveFocus();
  });

  it('takes a whole code put into the first box at once (SMS autofill, fill) and spreads it over the boxes', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box(1)).toHaveAttribute('inputmode', 'numeric');
    expect(box(1)).not.toHaveAttribute('maxlength');
    // An autofill sets the whole value in one input event, as Playwright's fill does.
    fireEvent.change(box(1), { target: { value: '650911' } });
    for (const [i, d] of ['6', '5', '0', '9', '1', '1'].entries()) expect(box(i + 1)).toHaveValue(d);
    expect(onComplete).toHaveBeenCalledWith('650911');
  });

  it('a whole code put into another box, even over a digit, still fills from the first box', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: '6' } });
    fireEvent.change(box(4), { target: { value: '123456' } });
    expect(screen.getByTestId('value')).toHaveTextContent('123456');
    fireEvent.change(box(1), { target: { value: '654321' } });
    expect(screen.getByTestId('value')).toHaveTextContent('654321');
    expect(onComplete).toHaveBeenLastCalledWith('654321');
  });

  it('a few digits put into a box at once spread forward from that box', () => {
    render(<Harness />);
    fireEvent.change(box(2), { target: { value: '47' } });
    expect(box(2)).toHaveValue('4');
    expect(box(3)).toHaveValue('7');
    expect(box(4)).toHaveFocus();
  });

  it('typing a digit next to the one a box holds keeps only the new digit', () => {
    expect(insertedText('5', '57', 2)).toBe('7');
    expect(insertedText('5', '75', 1)).toBe('7');
    expect(insertedText('5', '5', 1)).toBe('5');
    expect(insertedText('', '650911', 6)).toBe('650911');
    expect(insertedText('6', '650911', 6)).toBe('650911');
    expect(insertedText('1', '1650911', 7)).toBe('650911');
  });

  it('shows the error under the boxes, marks them invalid, and can be disabled', () => {
    render(<Harness error={AUTH_TEXTS.invalidCode} disabled />);
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXTS.invalidCode);
    for (let n = 1; n <= 6; n += 1) {
      expect(box(n)).toHaveAttribute('aria-invalid', 'true');
      expect(box(n)).toBeDisabled();
    }
  });
});

describe('OtpInput while a code is checked', () => {
  it('gives the focus back to the first empty box when the boxes come back from being disabled with the focus on nothing', () => {
    const props = { value: '', onChange: () => undefined, autoFocus: true };
    const { rerender } = render(<OtpInput {...props} disabled />);
    expect(document.activeElement).toBe(document.body);
    rerender(<OtpInput {...props} disabled={false} />);
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveFocus();
  });

  it('leaves the focus where the person moved it meanwhile (Resend)', () => {
    const props = { value: '', onChange: () => undefined };
    const { rerender } = render(
      <>
        <OtpInput {...props} disabled />
        <button type="button">Resend Code</button>
      </>,
    );
    screen.getByRole('button', { name: 'Resend Code' }).focus();
    rerender(
      <>
        <OtpInput {...props} disabled={false} />
        <button type="button">Resend Code</button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Resend Code' })).toHaveFocus();
  });
});

describe('ResendCountdown', () => {
  afterEach(() => vi.useRealTimers());

  it('is disabled with the seconds left, then resends and restarts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onResend = vi.fn().mockResolvedValue(undefined);
    render(<ResendCountdown onResend={onResend} seconds={3} />);
    expect(screen.getByRole('button', { name: 'Resend Code (3s)' })).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('button', { name: 'Resend Code (2s)' })).toBeDisabled();
    for (const _ of [1, 2]) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    const button = screen.getByRole('button', { name: 'Resend Code' });
    expect(button).toBeEnabled();
    await act(async () => {
      button.click();
    });
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Resend Code (3s)' })).toBeDisabled();
  });
});
