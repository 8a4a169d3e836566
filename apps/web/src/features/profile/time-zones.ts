import type { SelectOptionGroup } from '../../components/ui/Select.tsx';

const AUSTRALIA = 'Australia/';

/** Where each Australian zone applies, so "Sydney" also reads as Canberra and Broken Hill is not a mystery. */
const australianPlaces: Record<string, string> = {
  'Australia/Adelaide': 'Adelaide (SA)',
  'Australia/Brisbane': 'Brisbane (QLD)',
  'Australia/Broken_Hill': 'Broken Hill (far west NSW)',
  'Australia/Darwin': 'Darwin (NT)',
  'Australia/Eucla': 'Eucla (WA–SA border)',
  'Australia/Hobart': 'Hobart (TAS)',
  'Australia/Lindeman': 'Lindeman Island (QLD)',
  'Australia/Lord_Howe': 'Lord Howe Island (NSW)',
  'Australia/Melbourne': 'Melbourne (VIC)',
  'Australia/Perth': 'Perth (WA)',
  'Australia/Sydney': 'Sydney, Canberra (NSW, ACT)',
};

const readable = (zone: string) => zone.replaceAll('_', ' ');

/**
 * The time zones to choose from, Australia's first since that is where our users work. The
 * current zone is always offered, even when this browser lists it under another name.
 */
export function timeZoneGroups(available: readonly string[], current: string): SelectOptionGroup[] {
  const zones = [...new Set([...available, current])].sort();
  const isAustralian = (zone: string) => zone.startsWith(AUSTRALIA);
  return [
    {
      label: 'Australia',
      options: zones
        .filter(isAustralian)
        .map((zone) => ({ value: zone, label: australianPlaces[zone] ?? readable(zone.slice(AUSTRALIA.length)) })),
    },
    {
      label: 'Other time zones',
      options: zones.filter((zone) => !isAustralian(zone)).map((zone) => ({ value: zone, label: readable(zone) })),
    },
  ];
}
