/**
 * The server's rules for account fields (server/domain/src/users.rs, sms.rs), checked in the forms first so people
 * are told before a round trip. Pure.
 */

/** Passwords: 8 to 128 characters (sign-up, new users, password resets and changes). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Usernames: 3 to 32 letters, digits or `_ - . @`. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
export const USERNAME_PATTERN = /^[\p{L}\p{N}_.@-]{3,32}$/u;

/** Spaces and dashes people type inside phone numbers go; the rest is kept as typed. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * A phone number the server accepts: a mainland mobile (11 digits, `1` then 3–9), or `+` and 7 to 15 digits not
 * starting with 0 (international). Spaces and dashes are ignored.
 */
export function isValidPhone(value: string): boolean {
  const phone = normalizePhone(value);
  if (phone.startsWith('+')) return /^\+[1-9]\d{6,14}$/.test(phone);
  return /^1[3-9]\d{9}$/.test(phone);
}
