import { type ContactMessageRequest, EMAIL_ADDRESS_PATTERN, INVALID_EMAIL_MESSAGE } from '@app/contract';

export const FIELDS = ['name', 'email', 'company', 'message'] as const;
export type ContactField = (typeof FIELDS)[number];
/** What the form holds; `website` is the hidden field only robots fill in. */
export type ContactValues = Record<ContactField, string> & { website: string };

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', company: '', message: '', website: '' };

/** The same rules as the server (contract, contactMessageRequestSchema), checked early to point at the field. */
export function problemsOf(values: ContactValues): Partial<Record<ContactField, string>> {
  return {
    name: values.name.trim() ? undefined : 'Enter your name.',
    email: EMAIL_ADDRESS_PATTERN.test(values.email.trim()) ? undefined : INVALID_EMAIL_MESSAGE,
    message: values.message.trim() ? undefined : 'Enter your message.',
  };
}

/** The request the form sends: the company only when given, the robot trap only when filled in. */
export function requestOf(values: ContactValues): ContactMessageRequest {
  return {
    name: values.name,
    email: values.email,
    message: values.message,
    ...(values.company.trim() && { company: values.company }),
    ...(values.website && { website: values.website }),
  };
}
