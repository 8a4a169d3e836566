import { describe, expect, it } from 'vitest';
import { plainMailText } from './plain-text.ts';

describe('plainMailText', () => {
  it('defangs addresses and drops schemes, so nothing a user typed becomes a link', () => {
    expect(plainMailText('Your bank - verify your account at https://evil.test/login now', 200)).toBe(
      'Your bank - verify your account at evil[.]test/login now',
    );
    expect(plainMailText('www.evil.co', 200)).toBe('evil[.]co');
    expect(plainMailText('javascript:alert(1) mailto:a@evil.test', 200)).toBe('alert(1) a@evil[.]test');
    expect(plainMailText('evil\u3002test', 200)).toBe('evil[.]test');
  });

  it('keeps ordinary names and titles as they are', () => {
    for (const name of ["Seán Đặng-O'Brien", 'J.R. Smith & Sons Pty. Ltd.', 'Level 3, 2.5 m balcony', 'Zoë Nguyễn']) {
      expect(plainMailText(name, 200)).toBe(name);
    }
  });

  it('keeps one line, bounded', () => {
    expect(plainMailText('Line one\r\nBcc: victim@example.com', 200)).toBe('Line one Bcc: victim@example[.]com');
    expect(plainMailText('x'.repeat(100), 20)).toBe(`${'x'.repeat(19)}…`);
  });
});
