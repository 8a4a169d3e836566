/**
 * What signing says when it refuses (PRODUCT.md, Signing). A module of its own: the signing page
 * shows the server's words, and only the page of a changed document loads these.
 */
export const signingMessages = {
  linkClosed: 'This link can no longer be used to sign.',
  documentChanged:
    'This document was changed after it was sent to you, so it cannot be signed as it is. Ask the sender to send it again.',
  notFound: 'This signing link is not valid. Check that it is complete, or ask the sender for a new one.',
  siteSignOnFull: 'This sign-on sheet is full. Ask the person running the site for a new QR code.',
  siteDocumentChanged:
    'This SWMS changed while you were reading it. Reload the page to read the current version, then sign.',
} as const;
