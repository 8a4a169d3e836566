import { describe, expect, it } from 'vitest';
import { emailAddressSchema } from './auth.ts';
import { INVALID_EMAIL_MESSAGE, isEmailAddress } from './credential-rules.ts';

describe('the email address rule', () => {
  it('wants something, @, and a domain with a dot, with nothing blank in it', () => {
    for (const good of ['tradie@example.com', ' Tradie@Example.com.au ', 'a.b+c@sub.example.org']) {
      expect(isEmailAddress(good), good).toBe(true);
    }
    for (const bad of ['', 'tradie', 'tradie@example', '@example.com', 'tradie@.', 'tra die@example.com', 'a@b@c.d']) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });

  it('takes nothing a mail header could split or quote (ADR 0023)', () => {
    for (const good of ["o'brien@example.com", 'zoë@bücher.example', 'crew_1%site@example.co', 'a-b@x-y.example']) {
      expect(isEmailAddress(good), good).toBe(true);
    }
    for (const bad of [
      'victim,other@evil.test',
      'who?@evil.test',
      '"quoted"@evil.test',
      'a<b@evil.test',
      'a>b@evil.test',
      'a;b@evil.test',
      'a@evil.test>',
      '.lead@example.com',
      'trail.@example.com',
      'dou..ble@example.com',
      'a@-bad.example',
      'a@example.c',
      'line@example.com\r\nBcc: x@evil.test',
      `${'a'.repeat(65)}@example.com`,
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });

  it('says what is wrong in the words the sign-up form shows', () => {
    expect(emailAddressSchema.safeParse('tradie@example').error?.issues[0]?.message).toBe(INVALID_EMAIL_MESSAGE);
  });
});
