import { hmacToken, randomToken, sameToken, sha256Hex } from '../../platform/crypto/tokens.ts';

/** A browser stays trusted for an account for a year after it last signed in there. */
const MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * "Device cookies" (OWASP's answer to lockout attacks): a browser that has signed in to an account
 * gets an HttpOnly cookie, signed by the server and bound to that email. Failed sign-ins are then
 * counted per trusted browser, apart from the failures of unknown browsers, so strangers guessing
 * the password from many IPs can lock out only other unknown browsers, never the owner's.
 */
export class TrustedDevices {
  constructor(
    private readonly secret: () => Promise<string>,
    private readonly secure: boolean,
  ) {}

  /** One cookie per account, named from a digest of the email so several accounts can share a browser. */
  cookieName(email: string): string {
    return `tc_device_${sha256Hex(email).slice(0, 16)}`;
  }

  /** The trusted device's id when `cookieHeader` holds a valid device cookie for `email`. */
  async deviceOf(email: string, cookieHeader: string | undefined): Promise<string | null> {
    const value = readCookie(cookieHeader, this.cookieName(email));
    const [deviceId, signature] = value?.split('.') ?? [];
    if (!deviceId || !signature) return null;
    const expected = hmacToken(await this.secret(), `${email}\n${deviceId}`);
    return sameToken(signature, expected) ? deviceId : null;
  }

  /** A Set-Cookie header value trusting this browser for `email`, keeping its device id if it has one. */
  async issue(email: string, deviceId: string | null): Promise<string> {
    const id = deviceId ?? randomToken(16);
    const value = `${id}.${hmacToken(await this.secret(), `${email}\n${id}`)}`;
    const attributes = [`Max-Age=${MAX_AGE_SECONDS}`, 'Path=/api/auth', 'HttpOnly', 'SameSite=Strict'];
    if (this.secure) attributes.push('Secure');
    return [`${this.cookieName(email)}=${value}`, ...attributes].join('; ');
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}
