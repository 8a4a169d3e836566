import { type ApplicatorBlock, formatAbn, issuedByLine } from '@app/contract';

/**
 * The applicator block a completed certificate froze: the business, the person who signed it, and,
 * in a business of several members, who issued it for the business (ADR 0077).
 */
export function ApplicatorDetails({ applicator }: { applicator: ApplicatorBlock }) {
  const company = applicator.company_name ?? 'The applicator';
  const lines: Array<[label: string, value: string | null]> = [
    ['ABN', applicator.company_abn && formatAbn(applicator.company_abn)],
    ['Licence', applicator.licence_number],
    ['Address', applicator.company_address],
    ['Phone', applicator.company_phone],
    ['Email', applicator.company_email],
    ['Applicator', applicator.applicator_name],
  ];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        {applicator.logo_url ? (
          // White behind the logo in either theme: logos are usually dark on transparent.
          <img
            src={applicator.logo_url}
            alt={`${company} logo`}
            className="max-h-16 max-w-32 rounded bg-white object-contain p-1"
          />
        ) : null}
        <bdi className="text-lg font-semibold">{company}</bdi>
      </div>
      <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1">
        {lines
          .filter((line): line is [string, string] => Boolean(line[1]))
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="wrap-anywhere">
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
      </dl>
      {applicator.issued_by ? <p>{issuedByLine(applicator.issued_by, company)}</p> : null}
      {applicator.signature_url ? (
        <figure>
          <img
            src={applicator.signature_url}
            alt={`Signature of ${applicator.applicator_name ?? company}`}
            className="max-h-20 max-w-60 rounded bg-white object-contain p-1"
          />
          <figcaption className="text-sm text-slate-600 dark:text-slate-300">Signature</figcaption>
        </figure>
      ) : null}
    </div>
  );
}
