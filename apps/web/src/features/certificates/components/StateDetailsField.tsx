import { australianStates, STATE_DETAIL_LIMITS, type StateDetails } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { TextArea } from '../../../components/ui/TextArea.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { noStateDetails } from '../certificate-form.ts';

const stateNames: Record<StateDetails['state'], string> = {
  QLD: 'Queensland',
  NSW: 'New South Wales',
  VIC: 'Victoria',
  ACT: 'Australian Capital Territory',
  SA: 'South Australia',
  WA: 'Western Australia',
  TAS: 'Tasmania',
  NT: 'Northern Territory',
};

/**
 * The property details a certifier or council asks for (optional): lot and plan, local government
 * area, building class and the aspects certified. For a Queensland job the certificate prints them
 * in the order of QBCC Form 43's fields.
 */
export function StateDetailsField({
  id,
  details,
  onChange,
  error,
}: {
  id: string;
  details: StateDetails | null;
  onChange: (details: StateDetails | null) => void;
  error?: string | undefined;
}) {
  const headingId = `${id}-heading`;
  const change = (patch: Partial<StateDetails>) => details && onChange({ ...details, ...patch });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Property details
      </h2>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {details === null ? (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Optional: lot and plan, council area, building class and the aspects you certify, for the certifier or the
            state's paperwork.
          </p>
          <Button id={id} variant="secondary" className="self-start" onClick={() => onChange(noStateDetails('QLD'))}>
            Add property details
          </Button>
        </>
      ) : (
        <>
          <Select
            id={id}
            label="State or territory"
            hint={
              details.state === 'QLD'
                ? 'For Queensland, the certificate prints these in the order of the fields of QBCC Form 43.'
                : undefined
            }
            value={details.state}
            onChange={(event) => change({ state: event.target.value as StateDetails['state'] })}
            groups={[
              {
                label: 'States and territories',
                options: australianStates.map((state) => ({ value: state, label: stateNames[state] })),
              },
            ]}
          />
          <TextField
            id={`${id}-lot`}
            label="Lot and plan"
            hint="e.g. Lot 12 on RP123456"
            maxLength={STATE_DETAIL_LIMITS.short}
            value={details.lot_and_plan}
            onChange={(event) => change({ lot_and_plan: event.target.value })}
          />
          <TextField
            id={`${id}-lga`}
            label="Local government area"
            hint="The council, e.g. Brisbane City Council"
            maxLength={STATE_DETAIL_LIMITS.short}
            value={details.local_government_area}
            onChange={(event) => change({ local_government_area: event.target.value })}
          />
          <TextField
            id={`${id}-class`}
            label="Building class"
            hint="The NCC class, e.g. 1a for a house, 2 for apartments"
            maxLength={STATE_DETAIL_LIMITS.short}
            value={details.building_class}
            onChange={(event) => change({ building_class: event.target.value })}
          />
          <TextArea
            id={`${id}-aspects`}
            label="Aspects certified"
            hint="e.g. Waterproofing of the ensuite shower and the laundry floor"
            rows={3}
            maxLength={STATE_DETAIL_LIMITS.aspects}
            value={details.aspects_certified}
            onChange={(event) => change({ aspects_certified: event.target.value })}
          />
          <Button variant="secondary" className="self-start" onClick={() => onChange(null)}>
            Remove property details
          </Button>
        </>
      )}
    </section>
  );
}
