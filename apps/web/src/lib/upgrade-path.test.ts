import { describe, expect, it } from 'vitest';
import { upgradePath } from './upgrade-path.ts';

describe('upgradePath', () => {
  it('sends the user to /pricing remembering the page', () => {
    expect(upgradePath('/certificates/new')).toBe('/pricing?return_to=%2Fcertificates%2Fnew');
  });
});
