import { type ReactNode, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';

type StepperSection<Key extends string> = { key: Key; title: string };

/** The section the URL names (`?section=steps`), so a reload or Back keeps the place; else the first. */
export function useSection<Key extends string>(sections: ReadonlyArray<StepperSection<Key>>) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const wanted = search.get('section');
  const index = Math.max(
    0,
    sections.findIndex((section) => section.key === wanted),
  );
  const go = (key: Key) => {
    const next = new URLSearchParams(search);
    next.set('section', key);
    next.delete('step'); // A job step open in the steps section stays behind with it.
    void navigate({ search: `?${next.toString()}` });
  };
  return { index, go };
}

/**
 * A long form in sections, one on screen at a time: where the user is ("Section 2 of 6"), a list to
 * jump to any section, and Previous / Next. Entering a section moves the focus to its heading.
 */
export function SectionStepper<Key extends string>({
  sections,
  index,
  go,
  label,
  children,
}: {
  sections: ReadonlyArray<StepperSection<Key>>;
  index: number;
  go: (key: Key) => void;
  /** The name of the section list, e.g. "SWMS sections". */
  label: string;
  children: ReactNode;
}) {
  const current = sections[index] ?? sections[0];
  const previous = sections[index - 1];
  const next = sections[index + 1];
  // The section shown last: the heading of a newly entered one takes the focus (not on first load).
  const shown = useRef<string | undefined>(undefined);
  if (!current) return null;
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label={label}>
        <ol className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
          {sections.map((section, at) => (
            <li key={section.key}>
              <Link
                to={{ search: `?section=${section.key}` }}
                aria-current={at === index ? 'step' : undefined}
                className={`flex min-h-11 items-center rounded-md border px-3 ${
                  at === index
                    ? 'border-brand-700 bg-brand-50 font-semibold text-brand-800 dark:border-brand-100 dark:bg-slate-800 dark:text-brand-100'
                    : 'border-slate-300 underline dark:border-slate-600'
                }`}
              >
                {at + 1}. {section.title}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <section aria-labelledby={`section-${current.key}`} className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h2
            key={current.key}
            id={`section-${current.key}`}
            tabIndex={-1}
            ref={(heading) => {
              if (!heading || shown.current === current.key) return;
              if (shown.current !== undefined) heading.focus();
              shown.current = current.key;
            }}
            className="text-xl font-bold"
          >
            <span className="block text-sm font-normal text-slate-600 dark:text-slate-300">
              Section {index + 1} of {sections.length}:
            </span>{' '}
            {current.title}
          </h2>
          <div className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" role="presentation">
            <div className="h-full bg-brand-700" style={{ width: `${((index + 1) / sections.length) * 100}%` }} />
          </div>
        </div>
        {children}
        <div className="grid grid-cols-2 gap-2">
          {previous ? (
            <Button variant="secondary" className="col-start-1" onClick={() => go(previous.key)}>
              Previous: {previous.title}
            </Button>
          ) : null}
          {next ? (
            <Button className="col-start-2" onClick={() => go(next.key)}>
              Next: {next.title}
            </Button>
          ) : null}
        </div>
      </section>
    </div>
  );
}
