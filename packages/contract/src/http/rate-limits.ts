/** How often something may be done: `limit` uses in each fixed window of `windowSeconds`. */
export type RateLimitRule = { readonly name: string; readonly limit: number; readonly windowSeconds: number };

/**
 * Every rate limit of the API, in one place (ADR 0028; PRODUCT.md gives the figures). A rule's name
 * prefixes its counters' keys: a counter is `name:` and a keyed digest of its subject (`user:…`,
 * `ip:…`, `email:…`), so no key holds who was counted.
 *
 * An endpoint that names a rule here (`rateLimit`, by key: the web bundles no figures) is counted
 * before its handler runs, per signed-in user, else per client IP. The others are counted by the service that applies them, per what their name
 * says after the colon.
 */
export const rateLimits = {
  /** Image uploads (photos, logo, signature share it). */
  upload: { name: 'upload', limit: 120, windowSeconds: 300 },
  certificatePdf: { name: 'pdf', limit: 60, windowSeconds: 60 },
  swmsPdf: { name: 'swms-pdf', limit: 60, windowSeconds: 60 },
  signedPdf: { name: 'signed-pdf', limit: 60, windowSeconds: 60 },
  /** Every request that names a signing token: reading, the PDF, signing, declining. */
  signLink: { name: 'sign-link', limit: 300, windowSeconds: 600 },
  signingSend: { name: 'signing-send', limit: 30, windowSeconds: 3600 },
  /** Sending a document to someone (each recipient also counts against signingRecipientsPerUser). */
  documentSend: { name: 'document-send', limit: 30, windowSeconds: 3600 },
  /** Every request that names a sent document's link: opening it, its PDF. */
  sentLink: { name: 'sent-link', limit: 300, windowSeconds: 600 },
  verify: { name: 'verify', limit: 120, windowSeconds: 60 },
  /** A PDF checked (up to 35 MB read and hashed): as the PDF downloads, tighter. */
  verifyPdf: { name: 'verify-pdf', limit: 20, windowSeconds: 60 },
  /** Checkout and portal sessions: each is a call to the billing provider. */
  billingProvider: { name: 'billing-provider', limit: 20, windowSeconds: 600 },
  contact: { name: 'contact', limit: 5, windowSeconds: 3600 },
  /** Every request made with one API token, whatever it calls (ADR 0055). */
  apiTokenRequests: { name: 'api-token', limit: 120, windowSeconds: 60 },
  /** Registering a webhook endpoint (each looks its host up in DNS). */
  webhookRegister: { name: 'webhook-register', limit: 20, windowSeconds: 3600 },
  /** "Resend" of a webhook delivery: each is a request to someone else's server. */
  webhookResend: { name: 'webhook-resend', limit: 30, windowSeconds: 3600 },
  /** Every request that names an invitation token: reading it, accepting it. */
  invitationLink: { name: 'invitation-link', limit: 60, windowSeconds: 600 },

  /** Invitations mailed (new or resent), per business: each is a mail to a stranger. */
  teamInvitationsPerBusiness: { name: 'team-invitations:business', limit: 30, windowSeconds: 3600 },
  /** Tokens that match nothing, per IP: guessing links. */
  signLinkMissPerIp: { name: 'sign-link-miss:ip', limit: 20, windowSeconds: 600 },
  siteSignOnPerIp: { name: 'site-sign-on:ip', limit: 40, windowSeconds: 600 },
  siteSignOnPerLink: { name: 'site-sign-on:link', limit: 300, windowSeconds: 86_400 },
  signingResendPerRequest: { name: 'signing-resend:request', limit: 3, windowSeconds: 3600 },
  /**
   * People mailed a signing link or a sent document, per sender and day; the limit depends on the
   * account (SIGNING_RECIPIENTS_PER_DAY).
   */
  signingRecipientsPerUser: { name: 'signing-recipients:user', limit: 20, windowSeconds: 86_400 },

  signInPerIp: { name: 'signin:ip', limit: 100, windowSeconds: 300 },
  /**
   * Wrong passwords for one account from browsers it does not know, all together: this bounds
   * guessing from any number of IPs. It never applies to a browser the owner has signed in with.
   */
  signInFailuresPerAccount: { name: 'signin-failures:account', limit: 10, windowSeconds: 900 },
  /** Wrong passwords from one trusted browser of the account. */
  signInFailuresPerDevice: { name: 'signin-failures:device', limit: 10, windowSeconds: 900 },
  /** Password changes (each checks the current password and runs argon2 twice). */
  passwordChangePerUser: { name: 'password-change:user', limit: 10, windowSeconds: 900 },
  // Per-IP limits are loose (an office or a phone carrier shares one IP); per-email limits are tight.
  signUpPerIp: { name: 'signup:ip', limit: 100, windowSeconds: 3600 },
  /** Per address and per kind of mail (the name gets the kind), so a confirmation never blocks a reset. */
  mailPerEmail: { name: 'mail:email', limit: 1, windowSeconds: 60 },
  mailPerIp: { name: 'mail:ip', limit: 100, windowSeconds: 3600 },
  refreshPerIp: { name: 'refresh:ip', limit: 600, windowSeconds: 300 },
  emailChangePerUser: { name: 'email-change:user', limit: 5, windowSeconds: 3600 },
  accountDeletionPerUser: { name: 'account-deletion:user', limit: 5, windowSeconds: 900 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof rateLimits;

/** The answer to a request over its limit (every 429 but the ones with words of their own). */
export const tooManyRequestsMessage = (retryAfterSeconds: number) =>
  `Too many requests: please wait ${retryAfterSeconds} seconds and try again.`;

/** The answer to a request for one more email than its limit allows. */
export const tooManyEmailsMessage = (retryAfterSeconds: number) =>
  `Email rate limit exceeded: please wait ${retryAfterSeconds} seconds before asking for another email.`;
