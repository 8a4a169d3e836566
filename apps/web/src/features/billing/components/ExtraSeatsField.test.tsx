import { MAX_EXTRA_SEATS } from '@app/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EXTRA_SEATS_INVALID, extraSeatsOfText } from '../extra-seats.ts';
import { priceLabel } from '../plan-copy.ts';
import { ExtraSeatsField } from './ExtraSeatsField.tsx';

// No DOM in the unit project: the markup is checked as a string.
const render = (props: Partial<Parameters<typeof ExtraSeatsField>[0]> = {}) =>
  renderToStaticMarkup(<ExtraSeatsField interval="monthly" value="0" onChange={() => undefined} {...props} />);

describe('the upgrade form: extra members', () => {
  it('labels the field where it can be seen, bounded as the contract bounds extra seats', () => {
    const markup = render();
    expect(markup).toMatch(/<label for="([^"]+)"[^>]*>Extra members<\/label><div[^>]*><input id="\1"/);
    expect(markup).toContain('type="number"');
    expect(markup).toContain('min="0"');
    expect(markup).toContain(`max="${MAX_EXTRA_SEATS}"`);
    expect(markup).not.toContain('aria-invalid');
  });

  it('gives the price of one extra member for the billing period chosen', () => {
    expect(render({ interval: 'monthly' })).toContain(
      `Premium includes 5 members, you included. Each extra member is $5 a month, up to ${MAX_EXTRA_SEATS}.`,
    );
    expect(render({ interval: 'yearly' })).toContain('Each extra member is $50 a year');
  });

  it('says what to type when the count is not one it can buy', () => {
    for (const value of [String(MAX_EXTRA_SEATS + 1), '1.5', 'two']) {
      const markup = render({ value });
      expect(markup).toContain('aria-invalid="true"');
      expect(markup).toContain(EXTRA_SEATS_INVALID);
    }
    expect(EXTRA_SEATS_INVALID).toBe(`Enter a whole number of extra members from 0 to ${MAX_EXTRA_SEATS}.`);
    const allowed = render({ value: String(MAX_EXTRA_SEATS) });
    expect(allowed).not.toContain('aria-invalid');
    expect(allowed).not.toContain(EXTRA_SEATS_INVALID);
  });

  it.each([
    ['', 0],
    ['0', 0],
    [' 2 ', 2],
    [String(MAX_EXTRA_SEATS), MAX_EXTRA_SEATS],
    [String(MAX_EXTRA_SEATS + 1), undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['1e1', undefined],
    ['two', undefined],
    ['9'.repeat(10_000), undefined],
  ])('reads %j as %s extra seats', (text, seats) => {
    expect(extraSeatsOfText(text)).toBe(seats);
  });

  it('prices the upgrade button with the extra members in', () => {
    expect(priceLabel('monthly')).toBe('$19 a month');
    expect(priceLabel('monthly', 2)).toBe('$29 a month');
    expect(priceLabel('yearly', 2)).toBe('$290 a year');
  });
});
