/**
 * How many versions one document keeps at most: every walk over a document's versions
 * is bounded by it. An edit that would make the next one is refused with `versionLimitMessage`.
 */
export const DOCUMENT_VERSION_LIMIT = 100;

export const versionLimitMessage = `This document already has ${DOCUMENT_VERSION_LIMIT} versions, the most one document keeps. Start a new one for further changes.`;
