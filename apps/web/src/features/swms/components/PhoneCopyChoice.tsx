import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { VersionComparison } from '../../../components/ui/VersionComparison.tsx';
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
    <section aria-labelledby="phone-copy-heading" className="flex flex-col gap-4">
      <Alert tone="error">
        <h2 id="phone-copy-heading" className="font-semibold">
          Changed on another device
        </h2>
        <p>
          You have changes on this phone from {new Date(copy.keptAt).toLocaleString('en-AU')} that were not saved, and{' '}
          {what} was changed somewhere else since. Nothing has been overwritten: compare the two versions and choose
          which to keep.
        </p>
      </Alert>
      <VersionComparison fields={bodyDifferences(mine, saved)} />
      <div className="flex flex-wrap gap-3">
        <Button onClick={copy.keepMine}>Keep my version</Button>
        <Button variant="secondary" onClick={copy.keepSaved}>
          Keep the other version
        </Button>
      </div>
    </section>
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
