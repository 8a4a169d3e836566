import {
  checklistTitle,
  judgeChecklist,
  materialLineText,
  outcomeLabels,
  photoStages,
  type SignerDocument,
  type SignerSection,
  shownEntry,
  stateDetailsSection,
  takenAtText,
} from '@app/contract';
import type { Business } from '../../platform/accounts/business.ts';
import { dates } from '../../platform/dates.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import type { CertificateContent } from './certificate-content.ts';

const field = (label: string, value: string | null | undefined) => (value ? [{ label, value }] : []);

/**
 * A certificate version as the signing page shows it: what its PDF prints, in the same
 * words and order, with photos as signed URLs (they expire, as the share page's do). `business` is
 * the owner's profile, for a version with no frozen applicator block.
 */
export async function certificateSignerView(
  content: CertificateContent,
  business: Business | undefined,
  storedFiles: Pick<StoredFiles, 'signedUrl'>,
): Promise<SignerDocument> {
  const timeZone = business?.timeZone ?? 'UTC';
  const applicator = content.applicator;
  const checklists = content.checklists ?? [];
  const materials = content.materials ?? [];
  const sections: SignerSection[] = [
    {
      heading: 'Job',
      fields: [
        ...field('Certificate number', content.certificate_number),
        ...field('Job site address', content.job_site_address),
        ...field('Installation date', content.installation_date && dates.calendar(content.installation_date)),
        ...field('Areas', content.areas),
        ...field('Completed', content.completed_at && dates.long(new Date(content.completed_at), timeZone)),
        ...field(
          'Amended',
          content.amended_at &&
            [dates.long(new Date(content.amended_at), timeZone), content.amendment_reason].filter(Boolean).join(': '),
        ),
      ],
    },
  ];
  if (content.standards.length > 0) sections.push({ heading: 'Standards', items: content.standards });
  if (materials.length > 0 || content.materials_used) {
    sections.push({
      heading: 'Materials',
      items: materials.map(materialLineText),
      fields: field(materials.length > 0 ? 'Other materials' : 'Materials used', content.materials_used),
    });
  }
  if (content.state_details) {
    const details = stateDetailsSection(content.state_details, {
      job_site_address: content.job_site_address,
      standards: content.standards,
      checklistTitles: checklists.map(checklistTitle),
      licensee: applicator?.applicator_name ?? applicator?.company_name ?? null,
      licence_number: applicator?.licence_number ?? null,
    });
    sections.push({
      heading: details.heading,
      fields: details.rows.map(([label, value]) => ({ label, value })),
      ...(details.note ? { items: [details.note] } : {}),
    });
  }
  for (const checklist of checklists) {
    sections.push({
      heading: `Checklist: ${checklistTitle(checklist)}`,
      fields: judgeChecklist(checklist).map(({ stage, item, entry, outcome }) => ({
        label: `${stage}: ${item.label}`,
        value:
          [shownEntry(item, entry), outcome === 'missing' ? '' : outcomeLabels[outcome], entry?.note]
            .filter(Boolean)
            .join(' · ') || outcomeLabels.missing,
      })),
    });
  }
  if (content.additional_info) sections.push({ heading: 'Additional information', items: [content.additional_info] });
  if (content.photos.length > 0) {
    const stages = photoStages(checklists);
    sections.push({
      heading: 'Photos',
      photos: await Promise.all(
        content.photos.map(async (photo) => ({
          caption: [stages.get(photo.file_id), photo.caption].filter(Boolean).join(': '),
          taken: photo.taken_at ? takenAtText(photo.taken_at) : '',
          url: await storedFiles.signedUrl(photo.file_id),
          thumbnail_url: await storedFiles.signedUrl(photo.file_id, 'thumbnail'),
        })),
      ),
    });
  }
  return {
    sender: {
      business_name: applicator?.company_name ?? business?.companyName ?? null,
      name: applicator?.applicator_name ?? null,
      email: applicator?.company_email ?? business?.companyEmail ?? business?.email ?? null,
    },
    sections,
  };
}
