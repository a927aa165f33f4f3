import { translateApiError, cleanServerText } from '../../../src/ui/lib/translate-api-error';
import { REQUEST_TEXTS } from '../../../src/shared/messages';

const fail = (status: number, data?: unknown) => ({ response: { status, data } });

describe('translateApiError (spec 2 section 8)', () => {
  it('reports a network error when there is no response', () => {
    expect(translateApiError({ request: {} }).message).toBe('Network error. Please check your connection.');
  });

  it.each([
    [400, 'Invalid request. Please check your input.'],
    [401, 'Authentication required. Please log in.'],
    [403, 'Access denied.'],
    [404, 'Resource not found.'],
    [500, 'Server error. Please try again later.'],
    [503, 'Server error. Please try again later.'],
    [418, 'An error occurred. Please try again.'],
  ])('falls back by status %i when the body is unusable', (status, message) => {
    expect(translateApiError(fail(status, 'plain text')).message).toBe(message);
    expect(translateApiError(fail(status)).message).toBe(message);
  });

  it('reads the message from detail, message, error, description or errorMessage in that order', () => {
    expect(translateApiError(fail(400, { detail: 'A', message: 'B' })).message).toBe('A');
    expect(translateApiError(fail(400, { message: 'B', error: 'C' })).message).toBe('B');
    expect(translateApiError(fail(400, { error: 'C' })).message).toBe('C');
    expect(translateApiError(fail(400, { description: 'D' })).message).toBe('D');
    expect(translateApiError(fail(400, { errorMessage: 'E' })).message).toBe('E');
  });

  it('appends the status for 5xx and (Not Found) for 404', () => {
    expect(translateApiError(fail(502, { message: 'Upstream down' })).message).toBe('Upstream down (Server Error 502)');
    expect(translateApiError(fail(404, { message: 'No such user' })).message).toBe('No such user (Not Found)');
  });

  it('maps a detail list by the last location element to field messages', () => {
    const result = translateApiError(fail(422, { detail: [{ loc: ['body', 'email'], msg: 'Bad email' }, { loc: ['body'], msg: 'General problem' }] }));
    expect(result.fieldErrors).toEqual({ email: 'Bad email' });
    expect(result.message).toBe('General problem');
  });

  it.each(['errors', 'fieldErrors', 'validation_errors', 'field_errors', 'validationErrors'])('reads field errors from %s', (key) => {
    expect(translateApiError(fail(400, { message: 'x', [key]: { email: 'Email is required' } })).fieldErrors).toEqual({ email: 'Email is required' });
  });

  it('cleans server text: unique violations, signup failure and database details', () => {
    expect(cleanServerText('duplicate key value violates unique constraint "users_mobile_key"')).toBe(REQUEST_TEXTS.mobileTaken);
    expect(cleanServerText('UNIQUE constraint failed: users.email')).toBe(REQUEST_TEXTS.emailTaken);
    expect(cleanServerText('IntegrityError: duplicate national id')).toBe('This information is already registered in our system');
    expect(cleanServerText('Error creating signup')).toBe('Registration failed. Please check your information and try again');
    expect(cleanServerText('relation "x" does not exist at SELECT')).toBe('An unexpected error occurred');
    expect(cleanServerText('Insufficient funds')).toBe('Insufficient funds');
  });
});

describe("translateApiError's words", () => {
  it('are forms/messages/requests.json\'s: an analyst\'s rewording shows', () => {
    const before = { ...REQUEST_TEXTS };
    try {
      Object.assign(REQUEST_TEXTS, { networkError: 'Offline?', notFound: 'Gone.', serverError: 'Our fault.', withServerError: '{message} [{status}]', withNotFound: '{message} [gone]' });
      expect(translateApiError({ request: {} }).message).toBe('Offline?');
      expect(translateApiError(fail(404)).message).toBe('Gone.');
      expect(translateApiError(fail(502)).message).toBe('Our fault.');
      expect(translateApiError(fail(502, { message: 'Upstream down' })).message).toBe('Upstream down [502]');
      expect(translateApiError(fail(404, { message: 'No such user' })).message).toBe('No such user [gone]');
    } finally {
      Object.assign(REQUEST_TEXTS, before);
    }
  });
});
