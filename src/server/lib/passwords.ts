import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (a const enum the compiler cannot inline across modules here).
const ARGON2ID = 2;

/** argon2id with the library's defaults (about 10 ms here); never truncates the input. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown account costs the same time as a known one. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing-only');
  await verifyPassword(await dummyHash, password);
}
