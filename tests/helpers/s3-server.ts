import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { parseS3Url, type S3Settings } from '../../src/server/config';

/**
 * A real S3-compatible server (s3rver) on a free port, keeping its objects in a temporary folder: `stop`
 * and `start` again bring it back on the same port with the same objects, like a restarted store.
 */
export interface TestS3 {
  bucket: string;
  url: string;
  settings: S3Settings;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The keys in the bucket now. */
  keys(): Promise<string[]>;
  remove(): Promise<void>;
}

export async function startS3(bucket = 'cu-documents'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
    port = (await server.run()).port;
  };
  await start();
  const url = `s3://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}?region=us-east-1&tls=false`;
  const settings = parseS3Url(url);
  const client = new S3Client({ endpoint: settings.endpoint, region: settings.region, forcePathStyle: true, credentials: settings.credentials });
  return {
    bucket,
    url,
    settings,
    start,
    async stop() {
      await server?.close();
      server = undefined;
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '');
    },
    async remove() {
      client.destroy();
      await server?.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
