import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { localFileStore, type FileStore } from '../lib/file-store.js';
import { s3FileStore } from '../lib/s3-file-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded documents: the S3 store when S3_URL is set, else the local upload folder. */
    files: FileStore;
  }
}

export default fp(
  async function filesPlugin(app: FastifyInstance) {
    const { config } = app;
    const store: FileStore = config.s3 ? s3FileStore(config.s3) : localFileStore(config.uploadDir);
    app.decorate('files', store);
    // GET /api/ready: the folder writable, or the bucket answering.
    app.readiness.add('file store', () => store.ready());
    app.addHook('onClose', async () => store.close());
  },
  { name: 'files', dependencies: ['config', 'readiness'] },
);
