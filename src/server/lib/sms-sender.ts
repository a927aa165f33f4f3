/** How the outbox hands an SMS to a gateway; a rejection means "not delivered, try again later". */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** Longest wait for the gateway's answer: well inside the outbox's claim on the message. */
const GATEWAY_TIMEOUT_MS = 15_000;

/**
 * An HTTP SMS gateway (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN): POST {"to", "text"} as JSON with
 * `Authorization: Bearer <token>`; any 2xx answer is delivered, anything else (or no answer) is retried.
 */
export function httpSmsGateway(settings: { url: string; token: string; timeoutMs?: number }): SmsSender {
  return {
    async send(to, text) {
      const res = await fetch(settings.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.token}` },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? GATEWAY_TIMEOUT_MS),
      });
      // The body is read either way so the connection can be reused; only its first line goes into the error.
      const answer = await res.text().catch(() => '');
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}${answer ? `: ${answer.split('\n')[0].slice(0, 200)}` : ''}`);
    },
  };
}
