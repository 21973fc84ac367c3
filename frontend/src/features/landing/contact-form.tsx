import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS } from '@tafrit/contracts/http/contact-limits';
import type { ContactFormInput, ContactFormRequest } from '@tafrit/contracts/http/contact.schemas';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { primaryButtonClass } from '@/components/ui/styles';
import { heLanding } from '@/i18n/he-landing';
import { isApiError } from '@/lib/api-client';
import { onDemand } from '@/lib/on-demand';
import { useSubmitContact } from './api/contact';

const strings = heLanding.contactForm;

/**
 * The same schema as the server's, built when the person first touches the form (zod and the schema load then): the
 * landing page draws and hydrates the form without them (issue 15).
 */
const contactResolver = onDemand(async () => {
  const [{ contactFormSchema }, { zodResolver }] = await Promise.all([
    import('@tafrit/contracts/http/contact.schemas'),
    import('@hookform/resolvers/zod'),
  ]);
  return zodResolver(contactFormSchema) as Resolver<ContactFormRequest, unknown, ContactFormInput>;
});

const resolver: Resolver<ContactFormRequest, unknown, ContactFormInput> = async (values, context, options) =>
  (await contactResolver())(values, context, options);
const fieldNames = ['name', 'email', 'message'] as const;

const inputClass =
  'mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink aria-[invalid=true]:border-2 ' +
  'aria-[invalid=true]:border-danger read-only:bg-canvas';

/**
 * The contact form (product spec §2, §4, §8): name, e-mail and a 6-row message, checked with the same schema as the
 * server. While sending, the fields are read-only and the button says so (it keeps the focus: aria-disabled, not
 * disabled); on success the form empties and a toast carries the server's message; on failure a toast says so.
 */
export function ContactForm() {
  const idBase = useId();
  const submission = useSubmitContact();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormRequest, unknown, ContactFormInput>({
    resolver,
    defaultValues: { name: '', email: '', message: '' },
  });
  const sending = isSubmitting || submission.isPending;

  // The honeypot is not a form value (the schema would drop it): it is read from the form itself. People never see
  // it; a bot that fills it in gets the usual answer and its message goes nowhere.
  const send = async (values: ContactFormInput, form: HTMLFormElement) => {
    const honeypot = form.elements.namedItem(CONTACT_HONEYPOT_FIELD) as HTMLInputElement | null;
    const trap = honeypot?.value ?? '';
    try {
      const answer = await submission.mutateAsync(trap ? { ...values, [CONTACT_HONEYPOT_FIELD]: trap } : values);
      toast({
        title: uiMessagesHe.contactSuccessTitle,
        description: answer?.data?.message || uiMessagesHe.contactSuccessDescription,
      });
      reset();
      if (honeypot) honeypot.value = '';
    } catch (error) {
      const fields = isApiError(error) ? (error.body as { fields?: Record<string, string> } | null)?.fields : undefined;
      for (const name of fieldNames) {
        const message = fields?.[name];
        if (message) setError(name, { message });
      }
      toast({
        title: uiMessagesHe.contactErrorTitle,
        description: uiMessagesHe.contactErrorDescription,
        variant: 'destructive',
      });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    void handleSubmit((values) => send(values, form))(event);
  };

  const ids = (name: string) => ({ input: `${idBase}-${name}`, error: `${idBase}-${name}-error` });

  return (
    <form
      noValidate
      aria-label={strings.label}
      onSubmit={onSubmit}
      onFocus={contactResolver.warm}
      onPointerDown={contactResolver.warm}
      className="flex flex-col gap-5"
      data-testid="contact-form"
    >
      <Field label={strings.name} ids={ids('name')} error={errors.name?.message}>
        {(props) => (
          <input
            {...props}
            {...register('name')}
            type="text"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.nameMax}
            readOnly={sending}
            className={inputClass}
          />
        )}
      </Field>
      <Field label={strings.email} ids={ids('email')} error={errors.email?.message}>
        {(props) => (
          <input
            {...props}
            {...register('email')}
            type="email"
            dir="ltr"
            autoComplete="email"
            inputMode="email"
            maxLength={CONTACT_LIMITS.emailMax}
            readOnly={sending}
            className={`${inputClass} text-end`}
          />
        )}
      </Field>
      <Field label={strings.message} ids={ids('message')} error={errors.message?.message}>
        {(props) => (
          <textarea
            {...props}
            {...register('message')}
            rows={6}
            maxLength={CONTACT_LIMITS.messageMax}
            readOnly={sending}
            className={`${inputClass} resize-y`}
          />
        )}
      </Field>

      {/* The honeypot: out of sight, out of the tab order and of the accessibility tree, never autofilled. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={`${idBase}-${CONTACT_HONEYPOT_FIELD}`}>{strings.honeypot}</label>
        <input
          id={`${idBase}-${CONTACT_HONEYPOT_FIELD}`}
          name={CONTACT_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
          data-testid="contact-honeypot"
        />
      </div>

      <p>
        <button
          type="submit"
          aria-disabled={sending || undefined}
          className={`${primaryButtonClass} min-w-40 text-lg aria-disabled:cursor-wait aria-disabled:opacity-80`}
        >
          {sending ? strings.sending : strings.submit}
        </button>
      </p>
    </form>
  );
}

type ControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

function Field({
  label,
  ids,
  error,
  children,
}: {
  label: string;
  ids: { input: string; error: string };
  error: string | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  return (
    <div>
      <label htmlFor={ids.input} className="block font-medium text-ink">
        {label}
      </label>
      {children({
        id: ids.input,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? ids.error : undefined,
      })}
      {error ? (
        <p id={ids.error} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
