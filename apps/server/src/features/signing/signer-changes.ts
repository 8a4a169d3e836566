import type { SignerDocument, SignerSection } from '@app/contract';

/**
 * What changed between two versions as the signing page words them (ADR 0066): each section that
 * differs, by its heading, with the labels of the fields that changed where it has fields. A crew
 * member who signed the earlier version reads this before signing again. Photos compare by what
 * they show (caption and date), not by their signed, expiring addresses.
 */
export function changedParts(before: SignerDocument, after: SignerDocument): string[] {
  const earlier = new Map(before.sections.map((section) => [section.heading, section]));
  const changed: string[] = [];
  for (const section of after.sections) {
    const old = earlier.get(section.heading);
    earlier.delete(section.heading);
    if (!old) changed.push(section.heading);
    else if (comparable(old) !== comparable(section)) {
      const fields = changedFields(old, section);
      changed.push(fields.length > 0 ? `${section.heading}: ${fields.join(', ')}` : section.heading);
    }
  }
  for (const heading of earlier.keys()) changed.push(`${heading} (removed)`);
  return changed;
}

function comparable({ photos, ...section }: SignerSection): string {
  return JSON.stringify({ ...section, photos: photos?.map(({ caption, taken }) => ({ caption, taken })) });
}

/** The labels of fields whose value differs, or that only one of the two has. */
function changedFields(before: SignerSection, after: SignerSection): string[] {
  const earlier = new Map((before.fields ?? []).map((field) => [field.label, field.value]));
  const labels = (after.fields ?? []).filter((field) => earlier.get(field.label) !== field.value).map((f) => f.label);
  const later = new Set((after.fields ?? []).map((field) => field.label));
  return [...labels, ...[...earlier.keys()].filter((label) => !later.has(label))];
}
