import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE } from '@app/contract';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// Algorithm.Argon2id is an ambient const enum (not importable under verbatimModuleSyntax); its value is 2.
const ARGON2ID = 2;
// OWASP's recommended argon2id parameters (19 MiB, 2 iterations, 1 lane).
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the email is unknown keeps sign-in timing the same either way.
const timingDecoyHash = hashPassword('timing-decoy-password-never-used');
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(await timingDecoyHash, password);
}

// zxcvbn's cost grows steeply with length (a 1 KB password took 0.74 s, blocking the event loop),
// and its authors advise estimating only the first 100 characters: any more add nothing it can judge.
export const STRENGTH_CHECK_MAX_LENGTH = 100;

let strengthEstimator: ZxcvbnFactory | undefined;
let commonPasswords: Set<string> | undefined;

// Built on first use: the dictionaries take a moment to load and most requests never need them.
function estimator() {
  strengthEstimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  commonPasswords ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return { strengthEstimator, commonPasswords };
}

/**
 * Returns why a password is not acceptable, in words a user can act on, or null when it is fine.
 * The common-password list ships inside @zxcvbn-ts/language-common: no network at run time.
 */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  const { strengthEstimator, commonPasswords } = estimator();
  if (commonPasswords.has(password.toLowerCase())) {
    return 'This password is one of the most common passwords and appears in lists of leaked passwords. Please choose a different one, such as three or four unrelated words.';
  }
  const result = strengthEstimator.check(password.slice(0, STRENGTH_CHECK_MAX_LENGTH), userInputs);
  if (result.score < 2) {
    const hint = result.feedback.warning ? `${result.feedback.warning.replace(/\.?$/, '.')} ` : '';
    return `This password is too easy to guess. ${hint}Add more words or characters: a phrase of three or four unrelated words works well.`;
  }
  return null;
}
