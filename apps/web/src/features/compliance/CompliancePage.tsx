import { builtInChecklistTemplates, standardReferences } from '@app/contract';
import { Card } from '../../components/ui/Card.tsx';
import { PageColumn } from '../../components/ui/PageColumn.tsx';
import { TemplatePreview } from './components/TemplatePreview.tsx';
import { YourTemplates } from './components/YourTemplates.tsx';

/**
 * /compliance (ADR 0037): the standards certificates name, each with what it covers, when it
 * applies and the checks it implies, and the built-in checklist templates with a preview of every
 * item and its rule, as the certificate and its PDF will judge it; and the user's own templates
 * (Premium builds them).
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
              <Card as="li" key={standard.name}>
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
              </Card>
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
        <YourTemplates />
      </div>
    </PageColumn>
  );
}
