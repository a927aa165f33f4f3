// @vitest-environment happy-dom
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeEntry } from '../../../src/ui/components/code-entry';
import { AUTH_TEXTS } from '../../../src/shared/messages';

function Harness(props: { limitMessage?: string; resendDisabled?: boolean; onVerify?: (code: string) => void }) {
  const [code, setCode] = useState('');
  return <CodeEntry value={code} onChange={setCode} onComplete={() => undefined} onVerify={() => props.onVerify?.(code)} onResend={() => undefined} resendDisabled={props.resendDisabled} limitMessage={props.limitMessage} />;
}

describe('CodeEntry (every code screen)', () => {
  it('shows the boxes, then "Resend Code" and "Verify" side by side, Verify enabled once six digits are in', async () => {
    const onVerify = vi.fn();
    render(<Harness onVerify={onVerify} />);
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Resend Code (60s)', 'Verify']);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await userEvent.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.paste('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onVerify).toHaveBeenCalledWith('123456');
  });

  it('shows the resend limit message under the buttons', () => {
    render(<Harness resendDisabled limitMessage={AUTH_TEXTS.resendLimit} />);
    expect(screen.getByRole('status')).toHaveTextContent('Maximum resend attempts reached.');
    expect(screen.getByRole('button', { name: /Resend Code/ })).toBeDisabled();
  });
});
