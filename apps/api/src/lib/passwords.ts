import { hash, verify } from '@node-rs/argon2';

// `Algorithm.Argon2id` is an ambient const enum, which isolated modules cannot read.
const argon2id = 2;

import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

/**
 * argon2id at OWASP's parameters (19 MiB, t=2, p=1) by default. The cost comes from configuration
 * so tests can run cheaper; production code never lowers it by itself.
 */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly cost: Argon2Cost) {}

  hash(password: string): Promise<string> {
    return hash(password, {
      algorithm: argon2id,
      memoryCost: this.cost.memoryCost,
      timeCost: this.cost.timeCost,
      parallelism: 1,
    });
  }

  async verify(passwordHash: string | null | undefined, password: string): Promise<boolean> {
    if (!passwordHash) {
      // Spend the same time as a real check, so response times do not tell whether an account exists.
      this.dummyHash ??= this.hash('not-a-real-password');
      await verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return verify(passwordHash, password).catch(() => false);
  }
}

let strengthChecker: ZxcvbnFactory | undefined;

/**
 * Refuses passwords found in breach and common-password lists or trivially guessable ones
 * (zxcvbn score below 2: fewer than about 10^6 guesses). The dictionary loads on first use.
 * Returns an English reason, or null when the password is acceptable.
 */
export function weakPasswordReason(password: string, userInputs: string[] = []): string | null {
  strengthChecker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
  });
  const result = strengthChecker.check(password, userInputs.filter(Boolean));
  if (result.score >= 2) return null;
  const isListed = result.sequence.some(
    (match) =>
      match.pattern === 'dictionary' &&
      'dictionaryName' in match &&
      match.dictionaryName === 'passwords-common',
  );
  return isListed
    ? 'This password is too common: it appears in lists of breached passwords'
    : 'This password is too easy to guess: use a longer passphrase';
}
