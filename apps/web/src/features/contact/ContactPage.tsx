import { CONTACT_CONFIRMATION, CONTACT_LIMITS } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, SubmitButton } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { TextArea } from '../../components/ui/TextArea.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useFieldRefs } from '../../components/ui/use-field-refs.ts';
import { fieldErrorsFrom, requestErrorMessage } from '../../lib/request-errors.ts';
import { useSendContactMessage } from './api/send-contact-message.ts';
import { type ContactField, type ContactValues, EMPTY_CONTACT, FIELDS, problemsOf, requestOf } from './contact-form.ts';

/** The one-line fields, in form order (the message follows). */
const LINE_FIELDS = [
  { name: 'name', label: 'Your name', autoComplete: 'name' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'company', label: 'Company (optional)', autoComplete: 'organization' },
] as const;

/** /contact (public): a message to support, stored and then emailed (PRODUCT.md, Contact). */
export default function ContactPage() {
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [problems, setProblems] = useState<Partial<Record<ContactField, string>>>({});
  const { refFor, focusFirst } = useFieldRefs<ContactField>();
  const message = useSendContactMessage();
  const serverProblems = fieldErrorsFrom(message.error);
  const errorOf = (field: ContactField) => problems[field] ?? serverProblems[field];
  const set = (field: keyof ContactValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(values);
    setProblems(found);
    if (focusFirst(FIELDS, found)) return;
    message.send(requestOf(values));
  };

  if (message.isSuccess) {
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
        <PageTitle>Contact us</PageTitle>
        <Alert tone="success">{CONTACT_CONFIRMATION}</Alert>
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => {
            setValues(EMPTY_CONTACT);
            message.reset();
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <PageTitle>Contact us</PageTitle>
      <p className="text-slate-700 dark:text-slate-300">
        Questions about TradeCert, your plan or a certificate? Send us a message and we will reply by email.
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {LINE_FIELDS.map(({ name, ...field }) => (
          <TextField
            key={name}
            {...field}
            ref={refFor(name)}
            maxLength={CONTACT_LIMITS[name]}
            value={values[name]}
            onChange={set(name)}
            error={errorOf(name)}
          />
        ))}
        <TextArea
          ref={refFor('message')}
          label="Message"
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          hint={`Up to ${CONTACT_LIMITS.message.toLocaleString('en-AU')} characters.`}
          value={values.message}
          onChange={set('message')}
          error={errorOf('message')}
        />
        {/* The honeypot: off screen and hidden from assistive tech; people leave it empty, bots fill it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            Website
            <input tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
          </label>
        </div>
        {message.isError && Object.keys(serverProblems).length === 0 ? (
          <Alert tone="error">{requestErrorMessage(message.error)}</Alert>
        ) : null}
        <SubmitButton className="self-start" pending={message.isPending} pendingLabel="Sending...">
          Send message
        </SubmitButton>
      </form>
    </div>
  );
}
