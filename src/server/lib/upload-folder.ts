import fs from 'node:fs';

/**
 * The file store's readiness (GET /api/ready): the upload folder exists (made if missing) and this process
 * may write to it. An object-store adapter answers the same question with its bucket.
 */
export async function uploadFolderReady(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true });
  await fs.promises.access(dir, fs.constants.W_OK);
}
