/** One field where two versions of a document's body differ, as a person reads it. */
export type BodyDifference = { label: string; mine: string; saved: string };

/** Words of field names that are abbreviations. */
const abbreviations: Record<string, string> = {
  ppe: 'PPE',
  abn: 'ABN',
  sds: 'SDS',
  hrcw: 'HRCW',
  swms: 'SWMS',
  ids: '',
};

const labelOf = (path: readonly string[]) => {
  const words = path
    .join('_')
    .split('_')
    .map((word) => abbreviations[word] ?? word)
    .filter(Boolean)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string')) return value.join('; ');
    return `${value.length} ${value.length === 1 ? 'entry' : 'entries'}`;
  }
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where `mine` (typing kept on this phone) and `saved` (the server's) differ, field by field, a
 * section's fields one level down (a cover sheet's "Principal contractor company"). Bounded by the
 * bodies' own shape: two levels, no more.
 */
export function bodyDifferences(mine: unknown, saved: unknown, path: readonly string[] = []): BodyDifference[] {
  if (!isRecord(mine) || !isRecord(saved)) return [];
  return Object.keys(mine).flatMap((key) => {
    const [a, b] = [mine[key], saved[key]];
    if (JSON.stringify(a) === JSON.stringify(b)) return [];
    if (isRecord(a) && isRecord(b) && path.length === 0) return bodyDifferences(a, b, [key]);
    return [{ label: labelOf([...path, key]), mine: shown(a), saved: shown(b) }];
  });
}
