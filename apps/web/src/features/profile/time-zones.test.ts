import { describe, expect, it } from 'vitest';
import { timeZoneGroups } from './time-zones.ts';

describe('timeZoneGroups', () => {
  const available = ['Europe/London', 'Australia/Sydney', 'America/New_York', 'Australia/Broken_Hill', 'UTC'];

  it('lists Australian zones first, named by place, then the rest', () => {
    expect(timeZoneGroups(available, 'Australia/Sydney')).toEqual([
      {
        label: 'Australia',
        options: [
          { value: 'Australia/Broken_Hill', label: 'Broken Hill (far west NSW)' },
          { value: 'Australia/Sydney', label: 'Sydney, Canberra (NSW, ACT)' },
        ],
      },
      {
        label: 'Other time zones',
        options: [
          { value: 'America/New_York', label: 'America/New York' },
          { value: 'Europe/London', label: 'Europe/London' },
          { value: 'UTC', label: 'UTC' },
        ],
      },
    ]);
  });

  it("offers the user's current zone even when the browser does not list it", () => {
    const [australia, other] = timeZoneGroups(available, 'Australia/Canberra');
    expect(australia?.options).toContainEqual({ value: 'Australia/Canberra', label: 'Canberra' });
    expect(other?.options).toHaveLength(3);
  });

  it('covers every zone this runtime knows', () => {
    const all = Intl.supportedValuesOf('timeZone');
    const offered = timeZoneGroups(all, 'Australia/Sydney').flatMap((group) => group.options);
    expect(offered).toHaveLength(all.length);
  });
});
