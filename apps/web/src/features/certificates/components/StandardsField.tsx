import { KNOWN_STANDARDS } from '@app/contract';
import { useState } from 'react';
import { FieldError, useFieldDescription } from '../../../components/ui/field-description.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';

type StandardsFieldProps = {
  /** Ticked standards of KNOWN_STANDARDS. */
  standards: string[];
  otherStandards: string;
  onChange: (change: { standards?: string[]; otherStandards?: string }) => void;
  error?: string | undefined;
  /** Id of the first checkbox, so the form can move focus here when nothing is chosen. */
  firstId: string;
};

const checkboxClasses = 'size-5 shrink-0 accent-brand-700';
const optionClasses = 'flex min-h-11 items-center gap-3 text-base';

/** The standards met: the contract's list as checkboxes, plus "Other" with free text. */
export function StandardsField({ standards, otherStandards, onChange, error, firstId }: StandardsFieldProps) {
  const { errorId, describedBy, invalid } = useFieldDescription({ error });
  const [otherTicked, setOtherTicked] = useState(otherStandards !== '');
  const toggle = (standard: string, ticked: boolean) =>
    onChange({ standards: ticked ? [...standards, standard] : standards.filter((item) => item !== standard) });

  return (
    <fieldset aria-describedby={describedBy} className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">Standards</legend>
      {KNOWN_STANDARDS.map((standard, index) => (
        <label key={standard} className={optionClasses}>
          <input
            id={index === 0 ? firstId : undefined}
            type="checkbox"
            className={checkboxClasses}
            checked={standards.includes(standard)}
            aria-invalid={invalid}
            onChange={(event) => toggle(standard, event.target.checked)}
          />
          {standard}
        </label>
      ))}
      <label className={optionClasses}>
        <input
          type="checkbox"
          className={checkboxClasses}
          checked={otherTicked}
          onChange={(event) => {
            setOtherTicked(event.target.checked);
            if (!event.target.checked) onChange({ otherStandards: '' });
          }}
        />
        Other
      </label>
      {otherTicked ? (
        <TextField
          label="Other standard"
          hint="Separate several with a semicolon."
          value={otherStandards}
          onChange={(event) => onChange({ otherStandards: event.target.value })}
          className="ml-8"
        />
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
