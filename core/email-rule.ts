// §5: letters, digits and ._%+- before @, then a domain with a top-level ending of 2+ letters.
const EMAIL_PATTERN = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;

// RFC 5321 caps an address at 254 characters; the cap also keeps the pattern's
// backtracking bounded on hostile input.
const MAX_EMAIL_LENGTH = 254;

export function isValidEmail(value: string | null | undefined): boolean {
  if (typeof value !== "string" || value.length > MAX_EMAIL_LENGTH) return false;
  return EMAIL_PATTERN.test(value);
}
