import type { FastifyInstance } from 'fastify';

/** Removes stored files by name (files replaced or refused); a failure is logged, never the caller's error. */
export async function removeStoredNames(app: FastifyInstance, names: string[]): Promise<void> {
  await Promise.all(
    names.map((name) =>
      app.files.delete(name).catch((err: Error) => {
        app.log.warn({ storedName: name, err: err.message }, 'could not remove a stored upload');
      }),
    ),
  );
}
