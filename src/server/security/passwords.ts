import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

/** argon2id with the library's defaults (about 16 ms a hash on this machine). */
export const hashPassword = (plain: string) => hash(plain, { algorithm: ARGON2ID });

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
