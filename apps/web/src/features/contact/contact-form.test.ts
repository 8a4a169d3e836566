import { contactMessageRequestSchema, INVALID_EMAIL_MESSAGE } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { type ContactValues, EMPTY_CONTACT, problemsOf, requestOf } from './contact-form.ts';

const filled: ContactValues = {
  ...EMPTY_CONTACT,
  name: 'Sam Nguyen',
  email: 'sam@dryright.example',
  message: 'Can a certificate list two sites?',
};

describe('the contact form', () => {
  it('points at each missing or malformed field, with the words the server would use', () => {
    expect(problemsOf(EMPTY_CONTACT)).toEqual({
      name: 'Enter your name.',
      email: INVALID_EMAIL_MESSAGE,
      message: 'Enter your message.',
    });
    expect(problemsOf({ ...filled, name: '   ', email: 'sam@' })).toMatchObject({
      name: 'Enter your name.',
      email: INVALID_EMAIL_MESSAGE,
    });
    expect(Object.values(problemsOf(filled)).filter(Boolean)).toEqual([]);
  });

  it('agrees with the server: what it lets through, the contract accepts; what it stops, the contract refuses', () => {
    const cases: ContactValues[] = [
      filled,
      { ...filled, company: 'Dry Right Waterproofing' },
      { ...filled, name: '' },
      { ...filled, email: 'not an address' },
      { ...filled, message: '  \n ' },
    ];
    for (const values of cases) {
      const clientSaysFine = Object.values(problemsOf(values)).every((problem) => problem === undefined);
      expect(contactMessageRequestSchema.safeParse(requestOf(values)).success, JSON.stringify(values)).toBe(
        clientSaysFine,
      );
    }
  });

  it('sends the company only when given, and the robot trap only when something filled it in', () => {
    expect(requestOf({ ...filled, company: '  ' })).toEqual({
      name: filled.name,
      email: filled.email,
      message: filled.message,
    });
    expect(requestOf({ ...filled, company: 'Dry Right', website: 'http://spam.example' })).toMatchObject({
      company: 'Dry Right',
      website: 'http://spam.example',
    });
  });
});
