import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is a const enum in the typings, which isolatedModules cannot inline.
const ARGON2ID = 2;

/** Long passphrases fit; a megabyte "password" does not get hashed (the bound is in the contracts). */
export { MAX_PASSWORD_LENGTH } from '@ghg/api';

export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash means "no match", never a 500 that reveals the account exists.
    return false;
  }
}
