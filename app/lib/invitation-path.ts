// The invitation page's address, /invitation/{token}: built for links, and recognised when sign-in
// or sign-up leads back to it (then signing in does not by itself make the person a member).

const PATH = /^\/invitation\/([A-Za-z0-9_-]{1,200})$/;

export const invitationPath = (token: string) => `/invitation/${encodeURIComponent(token)}`;

/** The token of an invitation page's path; null for any other path. */
export function invitationTokenOf(path: string | null | undefined): string | null {
  return path?.match(PATH)?.[1] ?? null;
}
