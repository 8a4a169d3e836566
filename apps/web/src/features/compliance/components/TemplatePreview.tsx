import { type ChecklistTemplate, describeRule, type NccEdition } from '@app/contract';
import { type ReactNode, useId, useState } from 'react';
import { NccEditionSelect } from '../../../components/ui/NccEditionSelect.tsx';

/**
 * A template's stages and items, each with its rule in words, as certificates judge them; folded
 * until opened. `children` go under it (e.g. a custom template's Edit and Delete).
 */
export function TemplatePreview({ template, children }: { template: ChecklistTemplate; children?: ReactNode }) {
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
          ({template.standard ? `${template.standard}, ` : ''}
          {itemCount} {itemCount === 1 ? 'item' : 'items'})
        </span>
      </summary>
      {template.summary ? <p className="mt-2">{template.summary}</p> : null}
      {template.usesNccEdition ? (
        <div className="mt-3">
          <NccEditionSelect value={edition} onChange={setEdition} />
        </div>
      ) : null}
      {template.stages.map((stage, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a custom template may repeat a stage's title; the order is fixed.
        <div key={index} className="mt-4">
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
      {children}
    </details>
  );
}
