/**
 * Password hashing (argon2id with the OWASP ASVS / Password Storage Cheat Sheet parameters:
 * 19 MiB memory, 2 iterations, 1 lane) and the password policy: 8 to 64 characters, not one of the
 * most common passwords (the zxcvbn common-password list).
 */
import argon2 from 'argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, PASSWORD_MIN, type ErrorKey } from '@brewfleet/contracts';

const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

/** The message key of the first rule the password breaks, or null when it is acceptable. */
export function passwordPolicyViolation(password: string): ErrorKey | null {
  if (!password) return 'msg.passwordEmpty';
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return 'msg.passwordLength';
  if (commonPasswords().has(password.toLowerCase())) return 'msg.passwordCommon';
  return null;
}

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the account does not exist, so that an
 * unknown account takes as long to refuse as a wrong password.
 */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(crypto.randomUUID()));
