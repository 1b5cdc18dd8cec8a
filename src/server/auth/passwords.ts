// Password hashing: argon2id with OWASP's recommended minimum parameters.
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must read as "wrong password", never as a 500.
    return false;
  }
}

// A real hash of a random password, computed once: verifying against it for an
// unknown e-mail costs the same time as a real check, so timing reveals nothing.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(`dummy-${Math.random()}`));

/** Computes the dummy hash ahead of the first unknown-e-mail login, so even that one is not slower. */
export function warmDummyHash(): void {
  void getDummyHash();
}

export async function verifyDummy(password: string): Promise<false> {
  await verifyPassword(await getDummyHash(), password);
  return false;
}
