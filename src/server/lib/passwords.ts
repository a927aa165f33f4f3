import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (a const enum the compiler cannot inline across modules here).
const ARGON2ID = 2;

/**
 * The password as it is hashed: NFKC (NIST SP 800-63B 5.1.1.2), so an accented letter typed as one character on one
 * device and as a letter and its accent on another is the same password.
 */
const normalised = (password: string) => password.normalize('NFKC');

/** argon2id with the library's defaults (about 10 ms here) of the normalised password; never truncates the input. */
export function hashPassword(password: string): Promise<string> {
  return hash(normalised(password), { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    if (await verify(passwordHash, normalised(password))) return true;
    // A hash made before passwords were normalised is of the password as it was typed then. A wrong password costs
    // the same two checks against a real hash as against burnPasswordCheck's, so the time tells no account apart.
    return normalised(password) !== password && (await verify(passwordHash, password));
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
