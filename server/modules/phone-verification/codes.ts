import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '../../../contracts/onboarding';
import type { PhoneCodePurpose } from './limits';

/** Six random digits (leading zeros included), from the CSPRNG. */
export function newVerificationCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/** 128 random bits, hex: the key of one send's code hash. */
export function newCodeSalt(): string {
  return randomBytes(16).toString('hex');
}

export interface CodeSubject {
  purpose: PhoneCodePurpose;
  /** Digits with 55. */
  phone: string;
  code: string;
  salt: string;
}

/**
 * What the database keeps instead of the code: HMAC-SHA256 under the send's own salt, over purpose,
 * phone and code, so a stored hash matches nothing but that code for that number and purpose. Six
 * digits are few: the hash keeps codes out of dumps and logs, while the ten-minute life and the
 * five attempts are what make guessing useless.
 */
export function hashVerificationCode({ purpose, phone, code, salt }: CodeSubject): string {
  return createHmac('sha256', Buffer.from(salt, 'hex')).update(`${purpose}:${phone}:${code}`).digest('hex');
}

/** Compares in constant time, so the answer's timing says nothing about how close a guess was. */
export function codeMatches(subject: CodeSubject, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashVerificationCode(subject), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
