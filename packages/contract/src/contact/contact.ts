import { z } from 'zod/mini';
import { emailAddressSchema } from '../auth/auth.ts';

/** PRODUCT.md, Contact: the bounds of each field of the contact form. */
export const CONTACT_LIMITS = { name: 200, email: 254, company: 200, message: 5000 } as const;

const trimmedText = (max: number, requiredMessage: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, requiredMessage),
      z.maxLength(max, `Keep this under ${max.toLocaleString('en-AU')} characters.`),
    );

export const contactMessageRequestSchema = z.object({
  name: trimmedText(CONTACT_LIMITS.name, 'Enter your name.'),
  email: emailAddressSchema,
  company: z.optional(z.string().check(z.trim(), z.maxLength(CONTACT_LIMITS.company))),
  message: trimmedText(CONTACT_LIMITS.message, 'Enter your message.'),
  /**
   * The honeypot: a field people never see (hidden from assistive tech too). A bot that fills it is
   * answered like anyone else, and its message is dropped (ADR 0019).
   */
  website: z.optional(z.string().check(z.maxLength(500))),
});
export type ContactMessageRequest = z.input<typeof contactMessageRequestSchema>;

export const contactReceivedSchema = z.object({ received: z.literal(true) });

/** The confirmation shown once a message is sent. */
export const CONTACT_CONFIRMATION =
  "Thanks, your message has been sent. We'll reply by email, usually within one business day.";
