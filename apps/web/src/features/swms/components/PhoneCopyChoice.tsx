import { Alert } from '../../../components/ui/Alert.tsx';
import { VersionChoice } from '../../../components/ui/VersionChoice.tsx';
import { bodyDifferences } from '../body-differences.ts';

type PhoneCopy = { keptAt: string; keepMine: () => void; keepSaved: () => void };

/**
 * Typing kept on this phone from before the document changed elsewhere (use-autosave.ts): both
 * versions, where they differ, and the user keeps one. Nothing is saved over the other until then.
 */
export function PhoneCopyChoice({
  copy,
  mine,
  saved,
  what,
}: {
  copy: PhoneCopy;
  /** The two bodies, as the contract has them. */
  mine: unknown;
  saved: unknown;
  what: string;
}) {
  return (
    <VersionChoice
      explanation={`You have changes on this phone from ${new Date(copy.keptAt).toLocaleString('en-AU')} that were not saved, and ${what} was changed somewhere else since.`}
      fields={bodyDifferences(mine, saved)}
      onKeepMine={copy.keepMine}
      onKeepOther={copy.keepSaved}
    />
  );
}

/** Typing from an earlier visit that carries on saving now (the same revision was still the latest). */
export function CarriedOnNotice({ keptAt }: { keptAt: string | undefined }) {
  if (!keptAt) return null;
  return (
    <Alert tone="info">
      Your changes kept on this phone from {new Date(keptAt).toLocaleString('en-AU')} are back, and are being saved.
    </Alert>
  );
}
