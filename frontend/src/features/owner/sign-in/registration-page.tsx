import type { RegisterBusinessInput, RegisterBusinessRequest } from '@tafrit/contracts/http/accounts.schemas';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, memo, Suspense, useCallback, useState } from 'react';
import { useForm, useFormState, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { PageMain } from '@/components/page-shell';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass, textLinkClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { pageTitle } from '@/i18n/he';
import { heDocuments } from '@/i18n/he-documents';
import { heOwner } from '@/i18n/he-owner';
import { onDemand } from '@/lib/on-demand';
import { useDocumentTitle } from '@/lib/use-document-title';
import { registerBusiness } from '../shared/api/accounts';
import { AddressFields } from '../shared/components/address-fields';
import type { BankComboboxProps } from '../shared/components/bank-combobox';
import { BusinessDetailsFields, PayoutFields } from '../shared/components/business-fields';
import type { CityComboboxProps } from '../shared/components/city-combobox';
import { fieldErrorsOf, registrationErrorDescription } from '../shared/errors';
import { storeOwnerSession } from './session';
import { useSendHeldForms } from '@/lib/use-held-forms';
import { ListController } from '@/components/list-controller';

const t = heOwner.registration;

// The parts of the form that bring libraries of their own (the comboboxes with Downshift and the CBS list of
// localities, the terms with Radix's dialog): loaded apart from the page and hydrated after it, each in a Suspense
// boundary of its own. The page comes as HTML rendered at build time (scripts/prerender.mjs) with these parts in it;
// React hydrates the rest of the form first, then each part when its code has arrived, so no task after the first
// paint does it all at once on a slow phone (issue 15). A tap on a part not hydrated yet hydrates that part first.
const parts = {
  city: () => import('../shared/components/city-combobox'),
  bank: () => import('../shared/components/bank-combobox'),
  terms: () => import('./terms-dialog'),
};
let loadingParts: { [Part in keyof typeof parts]: ReturnType<(typeof parts)[Part]> } | undefined;
const loadParts = () => (loadingParts ??= { city: parts.city(), bank: parts.bank(), terms: parts.terms() });
// Their imports start in a task of their own once this module has been evaluated, not inside the render that hydrates
// the page.
if (typeof window !== 'undefined') setTimeout(loadParts, 0);

const LazyCityCombobox = lazy(async () => ({ default: (await loadParts().city).CityCombobox }));
const LazyBankCombobox = lazy(async () => ({ default: (await loadParts().bank).BankCombobox }));
const LazyTermsDialog = lazy(async () => ({ default: (await loadParts().terms).TermsDialog }));

// What a part shows while its code is on its way after a move inside the app (a direct load keeps the page's own HTML
// until the part hydrates): the same label and hint in a box of the same size, so nothing below it moves when the part
// arrives.
function FieldOnItsWay({ label, hint }: { label: string; hint: string }) {
  return <TextField label={label} hint={hint} readOnly aria-busy value="" />;
}

// Each part behind memo, with props that stay the same while nothing of it changes: the form renders again as it
// hydrates (react-hook-form's fields register in the commit), and new props for a part still to hydrate would make
// React hydrate it at once, in that same task, whether its code is there or not.
const CityCombobox = memo(function CityCombobox(props: CityComboboxProps) {
  return (
    <Suspense fallback={<FieldOnItsWay label={heDocuments.address.city} hint={heDocuments.address.cityHint} />}>
      <LazyCityCombobox {...props} />
    </Suspense>
  );
});
const BankCombobox = memo(function BankCombobox(props: BankComboboxProps) {
  return (
    <Suspense fallback={<FieldOnItsWay label={heOwner.fields.bank} hint={heOwner.fields.bankHint} />}>
      <LazyBankCombobox {...props} />
    </Suspense>
  );
});
const RegistrationTerms = memo(function RegistrationTerms({
  open,
  onOpenChange,
  onAgree,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAgree: () => void;
}) {
  return (
    <Suspense
      fallback={
        <button type="button" className={textLinkClass} aria-busy disabled>
          {t.readTerms}
        </button>
      }
    >
      <LazyTermsDialog
        open={open}
        onOpenChange={onOpenChange}
        trigger={
          <button type="button" className={textLinkClass}>
            {t.readTerms}
          </button>
        }
        footer={
          <button type="button" className={primaryButtonClass} onClick={onAgree}>
            {t.agreeFromDialog}
          </button>
        }
      />
    </Suspense>
  );
});

export type RegistrationFormValues = RegisterBusinessRequest & { acceptTerms: boolean };
type RegistrationFormOutput = RegisterBusinessInput & { acceptTerms: boolean };

/**
 * The form's check: the contract's schema, plus the terms checkbox that only the form has. Built when the person first
 * touches the form (zod, the schemas and the phone numbering plan are loaded then), not before the page can take
 * input (issue 15).
 */
export const registrationFormResolver = onDemand(async () => {
  const [{ registerBusinessSchema }, { z }, { zodResolver }] = await Promise.all([
    import('@tafrit/contracts/http/accounts.schemas'),
    import('zod'),
    import('@hookform/resolvers/zod'),
  ]);
  const schema = registerBusinessSchema.safeExtend({
    acceptTerms: z.boolean().refine((accepted) => accepted, t.acceptTermsRequired),
  });
  return zodResolver(schema) as Resolver<RegistrationFormValues, unknown, RegistrationFormOutput>;
});

const resolver: Resolver<RegistrationFormValues, unknown, RegistrationFormOutput> = async (values, context, options) =>
  (await registrationFormResolver())(values, context, options);

// Screen order: where the focus goes first when several fields are in error. react-hook-form would use the order in
// which fields registered, and the phone registers before the fields around it.
const fieldOrder = [
  'fullName',
  'businessName',
  'email',
  'idNumber',
  'phone',
  'receiptPhone',
  'street',
  'city',
  'bankName',
  'branch',
  'accountNumber',
  'beneficiaryName',
  'acceptTerms',
] as const satisfies readonly Path<RegistrationFormValues>[];

const emptyForm: RegistrationFormValues = {
  fullName: '',
  businessName: '',
  email: '',
  idNumber: '',
  phone: '',
  receiptPhone: '',
  street: '',
  city: '',
  bankName: '',
  branch: '',
  accountNumber: '',
  beneficiaryName: '',
  acceptTerms: false,
};

export function RegistrationPage() {
  // The page comes rendered at build time: a send pressed before the app arrived is sent now.
  useSendHeldForms();
  useDocumentTitle(pageTitle(t.title));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [termsOpen, setTermsOpen] = useState(false);
  const form = useForm<RegistrationFormValues, unknown, RegistrationFormOutput>({
    resolver,
    defaultValues: emptyForm,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { isSubmitting } = form.formState;
  // The request; the form's submitting state (checking, then sending) keeps the button pending throughout.
  const register = useMutation({ mutationFn: registerBusiness });
  // The terms dialog's "I agree": ticks the box (checked again if the form was sent already) and closes the dialog.
  const agreeToTerms = useCallback(() => {
    form.setValue('acceptTerms', true, { shouldValidate: form.formState.isSubmitted });
    setTermsOpen(false);
  }, [form]);

  function focusFirstError(invalid: Partial<Record<string, unknown>>) {
    const first = fieldOrder.find((name) => invalid[name] !== undefined);
    if (first) form.setFocus(first);
  }

  async function onSubmit({ acceptTerms: _accepted, ...business }: RegistrationFormOutput) {
    try {
      const session = await register.mutateAsync(business);
      storeOwnerSession(session);
      queryClient.clear();
      await navigate({ to: '/success' });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const named = fieldOrder.filter((name) => fields[name] !== undefined);
      named.forEach((name, index) =>
        form.setError(name, { type: 'server', message: fields[name] }, { shouldFocus: index === 0 }),
      );
      toast({
        variant: 'destructive',
        title: uiMessagesHe.registrationErrorTitle,
        description: registrationErrorDescription(error),
      });
    }
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <PageMain withoutHeader className="max-w-3xl">
        <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
        <p className="mt-3 max-w-prose text-lg text-muted">{t.description}</p>
        <p className="mt-4">
          {t.haveAccount}{' '}
          <Link to="/login" className={textLinkClass}>
            {t.toLogin}
          </Link>
        </p>

        <form
          noValidate
          onSubmit={form.handleSubmit(onSubmit, focusFirstError)}
          onFocus={registrationFormResolver.warm}
          onPointerDown={registrationFormResolver.warm}
          className="mt-8 flex flex-col gap-8"
        >
          <RegistrationFields
            form={form}
            termsOpen={termsOpen}
            onTermsOpenChange={setTermsOpen}
            onAgreeToTerms={agreeToTerms}
          />

          <div>
            <PendingButton
              pending={isSubmitting}
              pendingLabel={t.submitting}
              className={`${primaryButtonClass} w-full md:w-auto md:min-w-48`}
            >
              {t.submit}
            </PendingButton>
          </div>
        </form>
      </PageMain>
    </div>
  );
}

/**
 * The form's fields, apart from the page that holds the form: react-hook-form renders the page again as soon as the form
 * is mounted (in the commit that hydrates it, synchronously); behind memo, with props that stay the same, the fields
 * are not rendered again with it, and they follow the errors themselves (useFormState).
 */
const RegistrationFields = memo(function RegistrationFields({
  form,
  termsOpen,
  onTermsOpenChange,
  onAgreeToTerms,
}: {
  form: UseFormReturn<RegistrationFormValues, unknown, RegistrationFormOutput>;
  termsOpen: boolean;
  onTermsOpenChange: (open: boolean) => void;
  onAgreeToTerms: () => void;
}) {
  const { errors } = useFormState({ control: form.control });
  return (
    <>
      <p className={hintClass}>{t.requiredNote}</p>
      <section aria-labelledby="registration-business" className={cardClass}>
        <h2 id="registration-business" className={cardTitleClass}>
          {t.businessSection}
        </h2>
        <BusinessDetailsFields
          register={form.register}
          errors={errors}
          phoneField={
            <TextField
              {...form.register('phone')}
              label={heOwner.fields.phone}
              hint={heOwner.fields.phoneHint}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              ltr
              aria-required
              error={errors.phone?.message}
            />
          }
        />
      </section>

      <section aria-labelledby="registration-address" className={cardClass}>
        <h2 id="registration-address" className={cardTitleClass}>
          {heDocuments.address.sectionTitle}
        </h2>
        <p className={hintClass}>{heDocuments.address.sectionHint}</p>
        <AddressFields
          street={form.register('street')}
          streetError={errors.street?.message}
          cityField={<ListController control={form.control} name="city" Field={CityCombobox} />}
        />
      </section>

      <section aria-labelledby="registration-payout" className={cardClass}>
        <h2 id="registration-payout" className={cardTitleClass}>
          {t.payoutSection}
        </h2>
        <p className={hintClass}>{t.payoutSectionHint}</p>
        <PayoutFields
          register={form.register}
          errors={errors}
          bankField={<ListController control={form.control} name="bankName" Field={BankCombobox} />}
        />
      </section>

      <div className="flex flex-col gap-3">
        <CheckboxField
          {...form.register('acceptTerms')}
          label={t.acceptTerms}
          aria-required
          error={errors.acceptTerms?.message}
        />
        <p>
          <RegistrationTerms open={termsOpen} onOpenChange={onTermsOpenChange} onAgree={onAgreeToTerms} />
        </p>
      </div>
    </>
  );
});
