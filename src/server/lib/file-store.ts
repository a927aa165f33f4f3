import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * Where uploaded documents live: every read, write and delete of an upload goes through one of these, so
 * several API servers can share an S3-compatible store (S3_URL) or one server keeps its local folder.
 * Names are the random stored names of `signup_files.stored_name`, never anything a client chose.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Streams `body` into the store under `name`; resolves once all of it is stored. If the stream fails nothing is kept. */
  put(name: string, body: Readable): Promise<void>;
  /** The stored file as a stream, or null when there is no such file. */
  get(name: string): Promise<Readable | null>;
  /** Removes the file; a missing file is not an error. */
  delete(name: string): Promise<void>;
  /** Resolves when the store can be written to now; rejects with the reason otherwise (for /api/ready). */
  ready(): Promise<void>;
  /** Releases connections (the app's onClose). */
  close(): Promise<void>;
}

const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A stored name is only ever a random token: anything path-like is a programming error. */
export function checkStoredName(name: string): string {
  if (!STORED_NAME.test(name) || name.includes('..')) throw new Error(`Not a stored file name: ${JSON.stringify(name)}`);
  return name;
}

/** Today's behaviour: one folder on this server's disk (UPLOAD_DIR), files readable by the server only. */
export function localFileStore(folder: string): FileStore {
  let made: Promise<unknown> | undefined;
  const ensureFolder = () => (made ??= fs.promises.mkdir(folder, { recursive: true }).catch((error) => {
    made = undefined;
    throw error;
  }));
  const fullPath = (name: string) => path.join(folder, checkStoredName(name));
  return {
    kind: 'local',
    async put(name, body) {
      await ensureFolder();
      const target = fullPath(name);
      try {
        await pipeline(body, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await fs.promises.rm(target, { force: true });
        throw error;
      }
    },
    async get(name) {
      const stream = fs.createReadStream(fullPath(name));
      try {
        await new Promise<void>((resolve, reject) => {
          stream.once('open', () => resolve());
          stream.once('error', reject);
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return stream;
    },
    async delete(name) {
      await fs.promises.rm(fullPath(name), { force: true });
    },
    async ready() {
      await ensureFolder();
      await fs.promises.access(folder, fs.constants.W_OK);
    },
    async close() {},
  };
}
