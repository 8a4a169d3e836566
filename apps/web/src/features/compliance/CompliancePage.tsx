import {
  builtInChecklistTemplates,
  type ChecklistTemplate,
  describeRule,
  type NccEdition,
  standardReferences,
} from '@app/contract';
import { useId, useState } from 'react';
import { NccEditionSelect } from '../../components/ui/NccEditionSelect.tsx';
import { PageColumn } from '../../components/ui/PageColumn.tsx';

/**
 * /compliance (issue 24): the standards certificates name, each with what it covers, when it
 * applies and the checks it implies, and the built-in checklist templates with a preview of every
 * item and its rule, as the certificate and its PDF will judge it.
 */
export default function CompliancePage() {
  return (
    <PageColumn
      title="Compliance"
      intro="The standards your certificates name, and the checklists that record the checks on each job, stage by stage. Requirements are summarised in our own words: check the standard itself on the job."
    >
      <div className="flex flex-col gap-8">
        <section aria-labelledby="standards-heading" className="flex flex-col gap-4">
          <h2 id="standards-heading" className="text-xl font-semibold">
            Standards
          </h2>
          <ul className="flex flex-col gap-4">
            {standardReferences.map((standard) => (
              <li key={standard.name} className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
                <h3 className="font-semibold">
                  {standard.name}: {standard.title}
                </h3>
                <p className="mt-2">{standard.covers}</p>
                <p className="mt-2">
                  <span className="font-medium">Applies: </span>
                  {standard.appliesWhen}
                </p>
                <p className="mt-2 font-medium">Checks it implies</p>
                <ul className="ml-5 list-disc">
                  {standard.checks.map((check) => (
                    <li key={check}>{check}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="templates-heading" className="flex flex-col gap-4">
          <h2 id="templates-heading" className="text-xl font-semibold">
            Checklist templates
          </h2>
          <p>
            Each checklist records the checks of one kind of job. Measured values are judged as you enter them: within
            the rule is a pass, outside it a warning, which the certificate prints.
          </p>
          {builtInChecklistTemplates.map((template) => (
            <TemplatePreview key={template.id} template={template} />
          ))}
        </section>
      </div>
    </PageColumn>
  );
}

function TemplatePreview({ template }: { template: ChecklistTemplate }) {
  const [edition, setEdition] = useState<NccEdition>('2022');
  const headingId = useId();
  const itemCount = template.stages.reduce((count, stage) => count + stage.items.length, 0);
  return (
    <details className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <summary className="min-h-11 cursor-pointer">
        <span id={headingId} className="font-semibold">
          {template.name}
        </span>{' '}
        <span className="text-sm text-slate-600 dark:text-slate-300">
          ({template.standard}, {itemCount} items)
        </span>
      </summary>
      <p className="mt-2">{template.summary}</p>
      {template.usesNccEdition ? (
        <div className="mt-3">
          <NccEditionSelect value={edition} onChange={setEdition} />
        </div>
      ) : null}
      {template.stages.map((stage) => (
        <div key={stage.title} className="mt-4">
          <h3 className="font-medium">{stage.title}</h3>
          <table className="mt-2 w-full table-fixed text-left text-sm" aria-label={`${template.name}: ${stage.title}`}>
            <thead>
              <tr>
                <th scope="col" className="w-3/5 py-1 pr-2">
                  Check
                </th>
                <th scope="col" className="py-1">
                  Rule
                </th>
              </tr>
            </thead>
            <tbody>
              {stage.items.map((item) => (
                <tr key={item.id} className="border-t border-slate-200 align-top dark:border-slate-700">
                  <td className="py-2 pr-2">{item.label}</td>
                  <td className="py-2">{describeRule(item, edition)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </details>
  );
}
