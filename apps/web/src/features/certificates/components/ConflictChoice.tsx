import type { Certificate } from '@app/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/notifications/index.ts';
import { VersionChoice } from '../../../components/ui/VersionChoice.tsx';
import type { OutboxChange } from '../../../lib/outbox/outbox.ts';
import { discardChange } from '../../../lib/outbox/outbox-sync.ts';
import { formatCalendarDate } from '../format.ts';
import { keepMyVersion, withWaitingEdits } from '../offline-saves.ts';

/** The fields a user reads to choose, as the form names them. */
const comparedFields: Array<{ label: string; shown: (certificate: Certificate) => string }> = [
  { label: 'Job site address', shown: (c) => c.job_site_address },
  { label: 'Installation date', shown: (c) => (c.installation_date ? formatCalendarDate(c.installation_date) : '') },
  { label: 'Standards', shown: (c) => c.standards.join(', ') },
  { label: 'Areas', shown: (c) => c.areas },
  { label: 'Materials used', shown: (c) => c.materials_used },
  { label: 'Additional info', shown: (c) => c.additional_info },
  {
    label: 'Photos',
    shown: (c) => c.photos.map((photo, index) => photo.caption || `Photo ${index + 1}`).join(', '),
  },
  {
    label: 'Status',
    shown: (c) => (c.status === 'completed' ? 'Completed' : c.status === 'in_review' ? 'In review' : 'Draft'),
  },
  { label: 'Reason for the amendment', shown: (c) => c.amendment_reason ?? '' },
];

/**
 * An edit made on this phone was refused at sync because the certificate changed elsewhere
 * meanwhile (ADR 0036): both versions side by side, field by field where they differ, and the user
 * chooses. Nothing is overwritten until they do.
 */
export function ConflictChoice({ latest, refused }: { latest: Certificate; refused: readonly OutboxChange[] }) {
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const mine = withWaitingEdits(latest, refused);
  const differences = comparedFields
    .map((field) => ({ label: field.label, mine: field.shown(mine), saved: field.shown(latest) }))
    .filter((field) => field.mine !== field.saved);

  const choose = async (keepMine: boolean) => {
    setChoosing(true);
    try {
      if (keepMine) {
        await keepMyVersion(refused, latest);
        toast({
          title: 'Your version is kept',
          description: 'It is being saved now. Anything you did not change keeps the other edit.',
        });
        void navigate('/certificates');
      } else {
        for (const change of refused) await discardChange(change);
        toast({ title: 'The other version is kept', description: 'Your changes on this phone were discarded.' });
      }
    } finally {
      setChoosing(false);
    }
  };

  return (
    <VersionChoice
      explanation="This certificate was changed somewhere else while your changes waited on this phone."
      fields={differences}
      busy={choosing}
      onKeepMine={() => void choose(true)}
      onKeepOther={() => void choose(false)}
    />
  );
}
