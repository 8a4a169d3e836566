import {
  type CertificateChecklist,
  type CertificatePhoto,
  checklistTitle,
  describeRule,
  judgeChecklist,
  outcomeLabels,
  shownEntry,
} from '@app/contract';

/**
 * The checklists recorded on a certificate, on its share page (issue 24): stage by stage, each
 * item's value, rule and result, a warning or fail marked in words, and the stage photos. Loaded
 * only for a certificate that has checklists, so the public page's script stays within budget.
 */
export default function CertificateChecklists({
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
                  const flagged = outcome === 'warning' || outcome === 'fail';
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
                        {entry?.note ? `. Note: ${entry.note}` : ''}
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
                                <figcaption className="text-sm">Stage: {stage}</figcaption>
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
