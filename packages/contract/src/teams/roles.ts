/**
 * What a person may do in their business (ADR 0077): the owner pays and holds everything, the
 * office runs the records and the field crew, the field crew makes certificates and SWMS on site.
 * Every account is a member of exactly one business.
 */
export const MEMBER_ROLES = ['owner', 'office', 'field'] as const;

export type MemberRole = (typeof MEMBER_ROLES)[number];
