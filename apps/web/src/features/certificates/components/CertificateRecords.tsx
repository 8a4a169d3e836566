import {
  type Certificate,
  type CertificateChecklist,
  type CertificatePhoto,
  checklistTitle,
  describeRule,
  isFlagged,
  judgeChecklist,
  locationText,
  materialLineText,
  outcomeLabels,
  photoStages,
  shownEntry,
  stateDetailsSection,
  takenAtText,
} from '@app/contract';
import { PhotoGrid } from './PhotoGrid.tsx';
import { Section, Text } from './ShareSection.tsx';

/*
 * The structured records of a certificate on its share page (ADR 0039), loaded only for a
 * certificate that has them, so the public page's script stays within budget (ADR 0037).
 */

/** The property details (for Queensland in the order of Form 43's fields) and the materials, line by line. */
export function JobRecordDetails({ certificate }: { certificate: Certificate }) {
  const details =
    certificate.state_details &&
    stateDetailsSection(certificate.state_details, {
      job_site_address: certificate.job_site_address,
      standards: certificate.standards,
      checklistTitles: certificate.checklists.map(checklistTitle),
      licensee: certificate.applicator?.applicator_name ?? certificate.applicator?.company_name ?? null,
      licence_number: certificate.applicator?.licence_number ?? null,
    });
  return (
    <>
      {details ? (
        <Section title={details.heading}>
          {details.note ? <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">{details.note}</p> : null}
          <dl className="grid grid-cols-1 gap-x-3 sm:grid-cols-[12rem_1fr] sm:gap-y-2 [&>dd]:mb-2 sm:[&>dd]:mb-0">
            {details.rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-600 dark:text-slate-300">{label}</dt>
                <dd className="whitespace-pre-line break-words">
                  <bdi>{value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        </Section>
      ) : null}
      <Section title="Materials used">
        {certificate.materials.length > 0 ? (
          <ul className="mb-2 list-disc pl-5">
            {certificate.materials.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; an issued list never changes order.
              <li key={index}>
                <bdi>{materialLineText(line)}</bdi>
              </li>
            ))}
          </ul>
        ) : null}
        {certificate.materials_used || certificate.materials.length === 0 ? (
          <Text>{certificate.materials_used}</Text>
        ) : null}
      </Section>
    </>
  );
}

/** When and where a photo was taken, as its caption adds them. */
const whenAndWhere = (photo: CertificatePhoto) => [
  photo.taken_at ? takenAtText(photo.taken_at) : '',
  photo.location ? `at ${locationText(photo.location)}` : '',
];

/** The checklists, then the photos grouped by the stage a checklist recorded them at, captioned with when they were taken. */
export function StageEvidence({ certificate }: { certificate: Certificate }) {
  const stageOf = photoStages(certificate.checklists);
  const stages = [...new Set(stageOf.values())];
  const unstaged = certificate.photos.filter((photo) => !stageOf.has(photo.file_id));
  return (
    <>
      <Checklists checklists={certificate.checklists} photos={certificate.photos} />
      {stages.map((stage) => (
        <Section key={stage} title={`Photos: ${stage} stage`}>
          <PhotoGrid
            photos={certificate.photos.filter((photo) => stageOf.get(photo.file_id) === stage)}
            describe={whenAndWhere}
          />
        </Section>
      ))}
      {unstaged.length > 0 ? (
        <Section title={stages.length > 0 ? 'Other photos' : 'Photos'}>
          <PhotoGrid photos={unstaged} describe={whenAndWhere} />
        </Section>
      ) : null}
    </>
  );
}

/**
 * The checklists recorded on a certificate: stage by stage, each item's value, rule and result,
 * a warning or fail marked in words, and its evidence photos.
 */
function Checklists({
  checklists,
  photos,
}: {
  checklists: readonly CertificateChecklist[];
  photos: readonly CertificatePhoto[];
}) {
  const photoById = new Map(photos.map((photo) => [photo.file_id, photo]));
  return checklists.map((checklist, index) => {
    const judged = judgeChecklist(checklist);
    const stages = [...new Set(judged.map((item) => item.stage))];
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: checklists have no id; their order is fixed on an issued certificate.
      <section key={index} className="border-t border-slate-200 pt-4 dark:border-slate-800">
        <h2 className="text-lg font-semibold">Checklist: {checklistTitle(checklist)}</h2>
        {stages.map((stage) => (
          <div key={stage} className="mt-3">
            <h3 className="font-medium">{stage}</h3>
            <ul className="mt-1 flex flex-col gap-2">
              {judged
                .filter((item) => item.stage === stage)
                .map(({ item, entry, outcome }) => {
                  const flagged = isFlagged(outcome);
                  const evidence = (entry?.photo_ids ?? []).flatMap((id) => photoById.get(id) ?? []);
                  return (
                    <li
                      key={item.id}
                      className={`rounded border p-2 ${flagged ? 'border-amber-500 bg-amber-50 dark:bg-amber-950' : 'border-slate-200 dark:border-slate-700'}`}
                    >
                      <p>
                        <span className="font-medium">{item.label}:</span> {shownEntry(item, entry) || '—'}{' '}
                        <strong className={flagged ? 'text-amber-900 dark:text-amber-100' : ''}>
                          {outcomeLabels[outcome]}
                        </strong>
                      </p>
                      <p className="text-sm text-slate-600 dark:text-slate-300">
                        Rule: {describeRule(item, checklist.ncc_edition)}
                        {entry?.note ? (
                          <>
                            . Note: <bdi>{entry.note}</bdi>
                          </>
                        ) : null}
                      </p>
                      {evidence.length > 0 ? (
                        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
                          {evidence.map((photo) => (
                            <li key={photo.file_id}>
                              <figure>
                                <img
                                  src={photo.thumbnail_url}
                                  alt={`${item.label}: ${photo.caption || 'stage photo'}`}
                                  loading="lazy"
                                  className="aspect-[4/3] w-full rounded object-cover"
                                />
                                <figcaption className="text-sm">
                                  {[`Stage: ${stage}`, ...whenAndWhere(photo)].filter(Boolean).join(' · ')}
                                </figcaption>
                              </figure>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  );
                })}
            </ul>
          </div>
        ))}
      </section>
    );
  });
}
