import {
  checklistUnrecorded,
  type Profile,
  type SubscriptionTier,
  type WritableCertificateStatus,
} from '@app/contract';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { IssuerPanel, missingIssuerOf } from '../../../components/profile/IssuerPanel.tsx';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { KeptFormOffer } from '../../../components/ui/KeptFormOffer.tsx';
import { LeaveGuard } from '../../../components/ui/LeaveGuard.tsx';
import { TextArea } from '../../../components/ui/TextArea.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { hasKeptForm, keptValuesParser } from '../../../lib/kept-forms.ts';
import { useKeptForm } from '../../../lib/use-kept-form.ts';
import {
  type CertificateFieldName,
  type CertificateFormValues,
  certificateFormValuesSchema,
  completionErrors,
  type FieldErrors,
  type PhotoValue,
} from '../certificate-form.ts';
import { completionProblemMessage, draftHint } from '../draft-copy.ts';
import { PhotosField } from '../photos/PhotosField.tsx';
import { photoUploadProblem } from '../photos/upload-problem.ts';
import { useLocationChoice } from '../photos/use-location-choice.ts';
import { forgetKeptPhotos, revivePhotos, usePhotoUploads } from '../photos/use-photo-uploads.ts';
import { ChecklistsField, withoutPhoto } from './ChecklistsField.tsx';
import { MaterialsField } from './MaterialsField.tsx';
import { StandardsField } from './StandardsField.tsx';
import { StateDetailsField } from './StateDetailsField.tsx';
import { UnrecordedItemsDialog } from './UnrecordedItemsDialog.tsx';

type CertificateFormProps = {
  initialValues: CertificateFormValues;
  /** Whose typing this is and which form: kept on the device until saved (lib/kept-forms.ts). */
  keptAs: { userId: string; formKey: string };
  /** The saver's plan: on the free plan the form says what a draft is (never counted). */
  tier: SubscriptionTier;
  /** The profile's common materials, suggested for each material line. */
  commonMaterials: readonly string[];
  onSave: (values: CertificateFormValues, status: WritableCertificateStatus) => void;
  /** The status being saved while a save is under way. */
  saving: WritableCertificateStatus | null;
  /** Per-field messages from the server's answer to the last save. */
  serverErrors: FieldErrors;
  /** Why the last save failed and what to do next, shown above the buttons. */
  problem?: ReactNode;
  /**
   * The profile that names who issues the certificate when it is completed (ADR 0065); left out
   * when completing keeps the issuer it was first issued with (an amendment).
   */
  issuerProfile?: Profile | undefined;
  /**
   * Review before issue is on and the saver is a field member (ADR 0077): completing submits it for
   * review, and the owner or office member who issues it is its issuer.
   */
  forReview?: boolean;
};

/** The order fields appear in, for moving focus to the first one that needs attention. */
const fieldOrder: CertificateFieldName[] = [
  'jobSiteAddress',
  'installationDate',
  'areas',
  'standards',
  'stateDetails',
  'materials',
  'materialsUsed',
  'checklists',
  'photos',
  'additionalInfo',
];

const fieldIdOf = (baseId: string, field: CertificateFieldName) => `${baseId}-${field}`;

const parseKeptValues = keptValuesParser(certificateFormValuesSchema);

/**
 * The certificate form used to create and to edit. What the user typed stays put when a save
 * fails; "Save as completed" first checks the job details the server would ask for.
 */
export function CertificateForm({
  initialValues,
  keptAs,
  tier,
  commonMaterials,
  onSave,
  saving,
  serverErrors,
  problem,
  issuerProfile,
  forReview = false,
}: CertificateFormProps) {
  const baseId = useId();
  const draftHintId = `${baseId}-draft-hint`;
  const issuerPanelId = `${baseId}-issuer`;
  const issuerMissing = issuerProfile && !forReview ? missingIssuerOf(issuerProfile).length > 0 : false;
  // Set when "Save as completed" met a profile without its issuer; the panel then says why.
  const [issuerRefused, setIssuerRefused] = useState(false);
  const hint = draftHint(tier);
  const fieldId = (field: CertificateFieldName) => fieldIdOf(baseId, field);
  const [values, setValues] = useState(initialValues);
  const [completionProblems, setCompletionProblems] = useState<FieldErrors>({});
  // Set when a save was refused for the photos; it follows the uploads, so it clears once they are done.
  const [photoSaveRefused, setPhotoSaveRefused] = useState(false);
  // A new object on each refused save, so focus moves even when the same field is still wrong.
  const [focusRequest, setFocusRequest] = useState<{ field: CertificateFieldName } | null>(null);
  // Checklist items not recorded, listed before completing (UnrecordedItemsDialog) until the user chooses.
  const [unrecordedItems, setUnrecordedItems] = useState<string[] | null>(null);

  const kept = useKeptForm({ ...keptAs, initial: initialValues, values, parse: parseKeptValues });

  const change = (patch: Partial<CertificateFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const addPhoto = useCallback(
    (photo: PhotoValue) => setValues((current) => ({ ...current, photos: [...current.photos, photo] })),
    [],
  );
  const [recordLocation, setRecordLocation] = useLocationChoice(keptAs.userId);
  const photoUploads = usePhotoUploads(keptAs.userId, addPhoto, recordLocation);
  const uploading = photoUploads.uploads.some((upload) => upload.stage !== 'failed');
  const photoProblem = photoUploadProblem(photoUploads.uploads);
  const errors: FieldErrors = {
    ...serverErrors,
    ...completionProblems,
    ...(photoSaveRefused && photoProblem ? { photos: photoProblem } : {}),
  };

  // Once the errors have rendered, take the user to the first field that needs attention.
  useEffect(() => {
    if (focusRequest) document.getElementById(fieldIdOf(baseId, focusRequest.field))?.focus();
  }, [focusRequest, baseId]);

  const save = (status: WritableCertificateStatus) => {
    const problems = status === 'completed' ? completionErrors(values) : {};
    setCompletionProblems(problems);
    // A draft too: a photo still uploading would be left out of what is saved.
    setPhotoSaveRefused(photoProblem !== undefined);
    const first = fieldOrder.find((field) => problems[field] || (field === 'photos' && photoProblem));
    if (first) {
      setFocusRequest({ field: first });
      return;
    }
    const refusedForIssuer = status === 'completed' && issuerMissing;
    setIssuerRefused(refusedForIssuer);
    if (refusedForIssuer) {
      document.getElementById(issuerPanelId)?.focus();
      return;
    }
    const unrecorded = status === 'completed' ? checklistUnrecorded(values.checklists) : [];
    if (unrecorded.length > 0) {
      setUnrecordedItems(unrecorded);
      return;
    }
    onSave(values, status);
  };

  return (
    // No submit buttons: Enter in a field must not save, and above all must not turn a completed
    // certificate back into a draft. Saving is always a deliberate tap on one of the two buttons.
    <form noValidate onSubmit={(event: FormEvent) => event.preventDefault()} className="flex flex-col gap-6">
      <KeptFormOffer
        keptAt={kept.offer?.keptAt}
        keptOnDevice={kept.keptOnDevice}
        onRestore={() => {
          const restored = kept.restore();
          if (restored)
            void revivePhotos(keptAs.userId, restored.photos).then((photos) => setValues({ ...restored, photos }));
        }}
        onDiscard={() => {
          forgetKeptPhotos(kept.offer?.values.photos ?? []);
          kept.discard();
        }}
      />
      <LeaveGuard unsaved={() => hasKeptForm(localStorage, keptAs.userId, keptAs.formKey)} />
      <TextField
        id={fieldId('jobSiteAddress')}
        label="Job site address"
        autoComplete="street-address"
        value={values.jobSiteAddress}
        onChange={(event) => change({ jobSiteAddress: event.target.value })}
        error={errors.jobSiteAddress}
      />
      <TextField
        id={fieldId('installationDate')}
        label="Installation date"
        type="date"
        value={values.installationDate}
        onChange={(event) => change({ installationDate: event.target.value })}
        error={errors.installationDate}
      />
      <TextArea
        id={fieldId('areas')}
        label="Areas"
        hint="The wet or external areas treated, e.g. Ensuite: shower recess and floor; Laundry; Balcony."
        value={values.areas}
        onChange={(event) => change({ areas: event.target.value })}
        error={errors.areas}
      />
      <StandardsField
        firstId={fieldId('standards')}
        standards={values.standards}
        otherStandards={values.otherStandards}
        onChange={change}
        error={errors.standards}
      />
      <StateDetailsField
        id={fieldId('stateDetails')}
        details={values.stateDetails}
        onChange={(stateDetails) => change({ stateDetails })}
        error={errors.stateDetails}
      />
      <MaterialsField
        id={fieldId('materials')}
        materials={values.materials}
        notes={values.materialsUsed}
        commonMaterials={commonMaterials}
        onChange={change}
        error={errors.materials}
        notesError={errors.materialsUsed}
      />
      <ChecklistsField
        id={fieldId('checklists')}
        checklists={values.checklists}
        photos={values.photos}
        onChange={(checklists) => change({ checklists })}
        error={errors.checklists}
      />
      <PhotosField
        id={fieldId('photos')}
        photos={values.photos}
        uploads={photoUploads.uploads}
        onAddFiles={photoUploads.add}
        onRetry={photoUploads.retry}
        onDismiss={photoUploads.dismiss}
        onPhotoChange={(fileId, changePhoto) =>
          change({ photos: values.photos.map((photo) => (photo.fileId === fileId ? changePhoto(photo) : photo)) })
        }
        recordLocation={recordLocation}
        onRecordLocationChange={setRecordLocation}
        onRemove={(fileId) => {
          forgetKeptPhotos(values.photos.filter((photo) => photo.fileId === fileId));
          change({
            photos: values.photos.filter((photo) => photo.fileId !== fileId),
            checklists: withoutPhoto(values.checklists, fileId),
          });
        }}
        error={errors.photos}
      />
      <TextArea
        id={fieldId('additionalInfo')}
        label="Additional info"
        hint="Anything else the builder or certifier should know, e.g. flood test done, cure times."
        value={values.additionalInfo}
        onChange={(event) => change({ additionalInfo: event.target.value })}
        error={errors.additionalInfo}
      />

      {issuerProfile ? <IssuerPanel id={issuerPanelId} profile={issuerProfile} refused={issuerRefused} /> : null}
      {Object.keys(completionProblems).length > 0 ? <Alert tone="error">{completionProblemMessage}</Alert> : null}
      {problem}
      {uploading ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Save once the photos have finished uploading.
        </p>
      ) : null}
      {hint ? (
        <p id={draftHintId} className="text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          disabled={saving !== null}
          aria-describedby={hint ? draftHintId : undefined}
          onClick={() => save('draft')}
        >
          {saving === 'draft' ? 'Saving draft...' : 'Save draft'}
        </Button>
        <Button disabled={saving !== null} onClick={() => save('completed')}>
          {saving === 'completed' ? 'Saving...' : forReview ? 'Submit for review' : 'Save as completed'}
        </Button>
      </div>
      {unrecordedItems ? (
        <UnrecordedItemsDialog
          items={unrecordedItems}
          onComplete={() => {
            setUnrecordedItems(null);
            onSave(values, 'completed');
          }}
          onGoBack={() => setUnrecordedItems(null)}
        />
      ) : null}
    </form>
  );
}
