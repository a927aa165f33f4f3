import { loadConfig, parseS3Url } from '../../../src/server/config';
import { localFileStore } from '../../../src/server/lib/file-store';
import { retryDelayMs } from '../../../src/server/plugins/outbox';

describe('S3_URL', () => {
  it('reads endpoint, bucket, prefix, region, path style and %-encoded credentials', () => {
    expect(parseS3Url('s3://AKIA%2FKEY:se%40cret@minio.internal:9000/cu-documents/uploads/prod?region=eu-west-1&tls=false')).toEqual({
      endpoint: 'http://minio.internal:9000',
      region: 'eu-west-1',
      bucket: 'cu-documents',
      prefix: 'uploads/prod/',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA/KEY', secretAccessKey: 'se@cret' },
    });
    expect(parseS3Url('s3://aws/cu-documents?region=us-east-2')).toEqual({ endpoint: undefined, region: 'us-east-2', bucket: 'cu-documents', prefix: '', forcePathStyle: false, credentials: undefined });
    expect(parseS3Url('s3://k:s@storage.example/cu-docs?forcePathStyle=false')).toMatchObject({ endpoint: 'https://storage.example', region: 'us-east-1', forcePathStyle: false });
  });

  it.each([
    ['http://k:s@host/bucket', /scheme must be s3:\/\//],
    ['s3://k:s@host', /not a bucket name/],
    ['s3://k:s@host/Bad_Bucket', /not a bucket name/],
    ['s3://k@host/bucket', /both the access key and the secret key/],
    ['s3://k:s@host/bucket?tls=no', /tls must be true or false/],
    ['s3://k:s@host/bucket?secure=false', /unknown option "secure"/],
    ['not a url', /not a URL/],
  ])('refuses %s, saying the expected form', (value, message) => {
    expect(() => loadConfig({ S3_URL: value })).toThrow(message);
    expect(() => loadConfig({ S3_URL: value })).toThrow(/expected s3:\/\/ACCESS_KEY:SECRET_KEY@host\[:port\]\/bucket/);
  });

  it('unset or empty: uploads stay in the local folder', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_URL: ' ' }).s3).toBeUndefined();
  });
});

describe('SMTP_URL and the SMS gateway', () => {
  it('accepts smtp:// and smtps:// and refuses anything else', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465' }).smtpUrl).toBe('smtps://u:p@mail.example:465');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow('SMTP_URL: the scheme must be smtp:// or smtps://, not http://.');
    expect(() => loadConfig({ SMTP_URL: 'mail.example:25' })).toThrow(/SMTP_URL/);
  });

  it('needs a token with the gateway URL', () => {
    expect(loadConfig({ SMS_GATEWAY_URL: 'https://sms.example/messages', SMS_GATEWAY_TOKEN: 't0k' }).smsGateway).toEqual({ url: 'https://sms.example/messages', token: 't0k' });
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'https://sms.example/messages' })).toThrow('SMS_GATEWAY_TOKEN must be set with SMS_GATEWAY_URL');
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'ftp://sms.example', SMS_GATEWAY_TOKEN: 't' })).toThrow(/SMS_GATEWAY_URL: the scheme/);
    expect(loadConfig({}).smsGateway).toBeUndefined();
  });

  it('reads the retry settings, within bounds', () => {
    expect(loadConfig({}).outbox).toEqual({ maxAttempts: 8, retryBaseMs: 30_000 });
    expect(loadConfig({ OUTBOX_MAX_ATTEMPTS: '3', OUTBOX_RETRY_BASE_MS: '1000' }).outbox).toEqual({ maxAttempts: 3, retryBaseMs: 1000 });
    expect(() => loadConfig({ OUTBOX_MAX_ATTEMPTS: '0' })).toThrow('OUTBOX_MAX_ATTEMPTS=0: expected a whole number from 1 to 50.');
  });

  it('backs off by doubling, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(60 * 60_000);
  });
});

describe('the local file store', () => {
  it('refuses a stored name that is a path', async () => {
    const store = localFileStore('/tmp/cu-never-written');
    await expect(store.get('../etc/passwd')).rejects.toThrow('Not a stored file name');
    await expect(store.delete('a/b')).rejects.toThrow('Not a stored file name');
  });
});
