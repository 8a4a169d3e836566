import { describe, expect, it } from 'vitest';
import { currentPasswordProblem, emailProblem, newPasswordProblem } from './validation.ts';

describe('auth form checks', () => {
  it('asks for an email address that looks like one', () => {
    expect(emailProblem('   ')).toBe('Enter your email address.');
    expect(emailProblem('tradie.example.com')).toBe('Please enter a valid email address.');
    expect(emailProblem(' Tradie@Example.com ')).toBeUndefined();
  });

  it('refuses an address the server would refuse: no dot in the domain (the contract rule)', () => {
    expect(emailProblem('tradie@example')).toBe('Please enter a valid email address.');
    expect(emailProblem('tradie@@example.com')).toBe('Please enter a valid email address.');
    expect(emailProblem('tra die@example.com')).toBe('Please enter a valid email address.');
  });

  it('wants a new password of at least 6 characters (PRODUCT.md, Accounts and sessions)', () => {
    expect(newPasswordProblem('12345')).toBe('Password must be at least 6 characters long.');
    expect(newPasswordProblem('123456')).toBeUndefined();
  });

  it('wants some password to sign in with', () => {
    expect(currentPasswordProblem('')).toBe('Enter your password.');
    expect(currentPasswordProblem('x')).toBeUndefined();
  });
});
