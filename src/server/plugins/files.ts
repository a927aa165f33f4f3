import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { localFileStore, type FileStore } from '../lib/file-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded documents: the S3 store when S3_URL is set, else the local upload folder. */
    files: FileStore;
  }
}

export default fp(
  async function filesPlugin(app: FastifyInstance) {
    const { config } = app;
    // The S3 client is loaded only when a bucket is configured (it is a fifth of a second of a start).
    const store: FileStore = config.s3 ? (await import('../lib/s3-file-store.js')).s3FileStore(config.s3) : localFileStore(config.uploadDir);
    app.decorate('files', store);
    // GET /api/ready: the folder writable, or the bucket answering.
    app.readiness.add('file store', () => store.ready());
    app.addHook('onClose', async () => store.close());
  },
  { name: 'files', dependencies: ['config', 'readiness'] },
);
