import { randomBytes } from 'node:crypto';

/** A message id shaped like Meta's: "wamid." and a base64 blob. */
export function newWamid(): string {
  return `wamid.${randomBytes(30).toString('base64')}`;
}

/** A numeric id (media, phone number, account) of the 15 digits Meta uses; never starts with 0. */
export function newNumericId(): string {
  const digits = [...randomBytes(14)].map((byte) => byte % 10).join('');
  return `${1 + (randomBytes(1)[0]! % 9)}${digits}`;
}
