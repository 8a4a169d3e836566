import { authStorageKey } from './storage-key.ts';

/**
 * PKCE (RFC 7636, S256) for the emailed links of PRODUCT.md, Accounts and sessions: this browser keeps a random verifier
 * and sends only its SHA-256 challenge; the link's code is worth a session only together with the
 * verifier, so a link opened on another device merely confirms the email.
 */

const VERIFIER_BYTES = 32; // 43 base64url characters, the shortest verifier RFC 7636 allows

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function createCodeVerifier(): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(VERIFIER_BYTES)));
}

export async function codeChallengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

/** crypto.subtle exists only in secure contexts (https, localhost), not on a plain-http LAN address. */
function canUsePkce(): boolean {
  return typeof crypto !== 'undefined' && crypto.subtle !== undefined;
}

/** Where this browser keeps the verifier of the latest emailed link it asked for. */
const verifierStorageKey = () => `${authStorageKey(window.location.hostname)}-code-verifier`;

/**
 * Prepares a code-exchange flow: a new verifier and the challenge to send. `remember()` keeps the
 * verifier once the server has accepted the request; a refused request (e.g. rate-limited) must
 * not replace the verifier an earlier, still valid email link needs. Where the browser cannot
 * hash (plain-http LAN address) there is no challenge: the server then emails a token-hash link,
 * which confirms the email without signing in.
 */
export async function prepareCodeExchange(): Promise<{ challenge: string | undefined; remember: () => void }> {
  if (!canUsePkce()) return { challenge: undefined, remember: () => {} };
  const verifier = createCodeVerifier();
  return {
    challenge: await codeChallengeFor(verifier),
    remember: () => localStorage.setItem(verifierStorageKey(), verifier),
  };
}

export function storedCodeVerifier(): string | null {
  return localStorage.getItem(verifierStorageKey());
}

export function forgetCodeVerifier() {
  localStorage.removeItem(verifierStorageKey());
}
