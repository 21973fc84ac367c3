import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  businessProfileSchema,
  type BusinessProfileInput,
  type BusinessProfileRequest,
  type OwnerBusiness,
} from '@tafrit/contracts/http/accounts.schemas';
import { formatIsraeliMobile } from '@tafrit/contracts/israel/phone';
import { uiMessagesHe, validationMessagesHe } from '@tafrit/contracts/messages.he';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { PageMain } from '@/components/page-shell';
import { TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { pageTitle } from '@/i18n/he';
import { heOwner } from '@/i18n/he-owner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { updateProfile, uploadLogo, useOwnerBusiness, useRememberBusiness } from '../shared/api/profile';
import { BankCombobox } from '../shared/components/bank-combobox';
import { BusinessDetailsFields, PayoutFields } from '../shared/components/business-fields';
import { BusinessAddressCard } from './business-address-card';
import { CardcomPasswordCard } from './cardcom-password-card';
import { DinerLanguagesCard } from './diner-languages-card';
import { ServiceModeCard } from './service-mode-card';
import { MenuAddressCard } from './menu-address-card';
import { AutoAcceptCard } from './auto-accept-card';
import { OrderAheadCard } from './order-ahead-card';
import { OpeningHoursCard } from './opening-hours-card';
import { PaymentOptionsCard } from './payment-options-card';
import { errorDescription } from '../shared/errors';
import { PrinterCard } from '../printing/printer-card';
import { PrintingGuideCard } from '../printing/printing-guide-card';
import { QrCard } from '../posters-and-qr/qr-card';
import { RegenerateQr } from '../posters-and-qr/regenerate-qr';
import { SignedInDevicesCard } from './signed-in-devices-card';
import { TablesCard } from './tables-card';
import { TaxAuthorityCard } from './tax-authority-card';
import { StepUpProvider, useStepUp } from '../shared/step-up';
import { ListController } from '@/components/list-controller';
import { PairScreenCard } from '../team/pair-screen-card';
import { useConsoleRole } from '../team/use-role';

const t = heOwner.settings;

/** The form's starting values: the business as the server has it, phones written the Israeli way. */
export function profileFormValues(business: OwnerBusiness): BusinessProfileRequest {
  return {
    fullName: business.fullName,
    businessName: business.businessName,
    email: business.email,
    idNumber: business.idNumber,
    receiptPhone: business.receiptPhone ? (formatIsraeliMobile(business.receiptPhone) ?? business.receiptPhone) : '',
    bankName: business.bankName,
    branch: business.branch,
    accountNumber: business.accountNumber,
    beneficiaryName: business.beneficiaryName,
  };
}

export function SettingsPage() {
  useDocumentTitle(pageTitle(t.title));
  const profile = useOwnerBusiness();
  const { may } = useConsoleRole();
  // The business's own details are the owner's (issue 31); a manager works from the copy the sign-in answered.
  const owner = may('business.owner');
  const loaded = profile.isSuccess && !profile.isPlaceholderData;
  const business = owner ? (loaded ? profile.data : undefined) : profile.data;
  const ready = business !== undefined;

  return (
    <PageMain>
      {/* One code dialog for the page's sensitive changes: payout details, the Cardcom password, a new QR address. */}
      <StepUpProvider>
        <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
        <p className="mt-3 max-w-prose text-lg text-muted">{t.description}</p>
        <div className="mt-8 flex flex-col gap-6">
          {business && owner ? (
            <>
              <ProfileForm business={business} part="details" />
              <BusinessAddressCard business={business} />
              <ProfileForm business={business} part="payout" />
              <CardcomPasswordCard business={business} />
            </>
          ) : business ? null : profile.isError ? (
            <div className={cardClass}>
              <p className={errorTextClass}>{t.loadError}</p>
              <p className="mt-1 text-muted">{errorDescription(profile.error)}</p>
              <button type="button" className={`${secondaryButtonClass} mt-4`} onClick={() => void profile.refetch()}>
                {t.retry}
              </button>
            </div>
          ) : (
            <p role="status" className="text-muted">
              {t.loading}
            </p>
          )}
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-2">
            {business ? <LogoCard business={business} /> : null}
            {profile.data ? (
              <QrCard
                departmentId={profile.data.departmentId}
                businessName={profile.data.businessName}
                logo={profile.data.logo}
              >
                {ready && owner ? <RegenerateQr /> : null}
              </QrCard>
            ) : null}
            {may('printer.manage') ? <PrinterCard businessPhone={profile.data?.phone} /> : null}
            {may('printer.manage') ? <PrintingGuideCard /> : null}
            {/* The owner pairs screens from the team page; a manager, here. */}
            {may('screens.pair') && !may('team.manage') ? <PairScreenCard /> : null}
            {ready && may('settings.read') ? <MenuAddressCard canEdit={may('settings.edit')} /> : null}
            {ready ? <DinerLanguagesCard /> : null}
            {ready ? <ServiceModeCard /> : null}
            {ready ? <AutoAcceptCard /> : null}
            {ready ? <OrderAheadCard /> : null}
            {ready ? <OpeningHoursCard /> : null}
            {ready ? <PaymentOptionsCard /> : null}
            {ready && may('settings.read') ? <TablesCard canEdit={may('settings.edit')} /> : null}
          </div>
          {ready && may('settings.read') ? <TaxAuthorityCard canEdit={may('settings.edit')} /> : null}
          {ready && may('team.manage') ? <SignedInDevicesCard /> : null}
        </div>
      </StepUpProvider>
    </PageMain>
  );
}

/**
 * One of the two forms (spec §2: business details, payout account), each with its own save. The server takes the
 * whole profile, so each form holds all of it and shows its own part; saving one keeps the other's unsaved edits.
 */
function ProfileForm({ business, part }: { business: OwnerBusiness; part: 'details' | 'payout' }) {
  const remember = useRememberBusiness();
  const withStepUp = useStepUp();
  const titleId = useId();
  const form = useForm<BusinessProfileRequest, unknown, BusinessProfileInput>({
    resolver: zodResolver(businessProfileSchema),
    defaultValues: profileFormValues(business),
  });
  const { errors, isSubmitting } = form.formState;

  // The other form saved: take its values, keep what the person is editing here.
  useEffect(() => {
    form.reset(profileFormValues(business), { keepDirtyValues: true });
  }, [business, form]);

  const save = useMutation({
    // New bank details need a fresh code (decision 036): the dialog asks for it and the save runs again.
    mutationFn: (values: BusinessProfileInput) => withStepUp(() => updateProfile(values)),
    onSuccess: (saved) => {
      remember(saved);
      form.reset(profileFormValues(saved));
      toast({ title: t.saved });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: uiMessagesHe.profileUpdateError, description: errorDescription(error) });
    },
  });

  async function onSubmit(values: BusinessProfileInput) {
    // The outcome is the mutation's toast; the form's own submitting state keeps the button pending until then.
    await save.mutateAsync(values).catch(() => undefined);
  }

  const title = part === 'details' ? t.businessFormTitle : t.payoutFormTitle;
  return (
    <section aria-labelledby={titleId} className={cardClass}>
      <h2 id={titleId} className={cardTitleClass}>
        {title}
      </h2>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-labelledby={titleId}>
        {part === 'details' ? (
          <BusinessDetailsFields
            register={form.register}
            errors={errors}
            phoneField={
              <TextField
                label={heOwner.fields.phone}
                hint={heOwner.fields.phoneReadOnlyHint}
                value={formatIsraeliMobile(business.phone) ?? business.phone}
                readOnly
                type="tel"
                ltr
                data-testid="settings-phone"
              />
            }
          />
        ) : (
          <PayoutFields
            register={form.register}
            errors={errors}
            bankField={<ListController control={form.control} name="bankName" Field={BankCombobox} />}
          />
        )}
        <PendingButton pending={isSubmitting} pendingLabel={t.saving} className={`${primaryButtonClass} mt-6`}>
          {t.save}
        </PendingButton>
      </form>
    </section>
  );
}

function LogoCard({ business }: { business: OwnerBusiness }) {
  const remember = useRememberBusiness();
  const inputId = useId();
  // The upload's share sent so far, for the bar; the upload itself is a mutation.
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string>();
  const upload = useMutation({
    // Handed the upload already on its way: it starts in the file input's own event, as the browser reads the file.
    mutationFn: (sending: Promise<OwnerBusiness>) => sending,
    onSuccess: (saved) => {
      remember(saved);
      toast({ title: uiMessagesHe.logoUploaded });
    },
    onError: (uploadError) => {
      toast({
        variant: 'destructive',
        title: uiMessagesHe.logoUploadError,
        description: errorDescription(uploadError),
      });
    },
  });
  const uploading = upload.isPending;

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file can be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError(validationMessagesHe.invalidImageFile);
      toast({
        variant: 'destructive',
        title: uiMessagesHe.logoUploadError,
        description: validationMessagesHe.invalidImageFile,
      });
      return;
    }
    setError(undefined);
    upload.mutate(uploadLogo(file, setProgress));
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className={cardClass} data-testid="logo-card">
      <h2 id={`${inputId}-title`} className={cardTitleClass}>
        {t.logoTitle}
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {business.logo ? (
          <img
            src={business.logo}
            alt={t.currentLogo}
            className="size-24 rounded-lg border border-line bg-surface object-contain"
            data-testid="current-logo"
          />
        ) : (
          <p className="text-muted">{t.noLogo}</p>
        )}
      </div>
      <p id={`${inputId}-hint`} className={`${hintClass} mt-4`}>
        {t.logoHint}
      </p>
      <div className="mt-3">
        {/* The native file input, visually replaced by its label: the browser's own button would speak the
            browser's language, not the page's. The input keeps the focus; the label shows it. */}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          onChange={onFile}
          disabled={uploading}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${inputId}-hint`, error ? `${inputId}-error` : ''].join(' ').trim()}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={
            `${secondaryButtonClass} cursor-pointer gap-2 peer-focus-visible:outline-3 ` +
            'peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-focus-visible:outline-solid ' +
            'peer-disabled:cursor-wait peer-disabled:opacity-60'
          }
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M10 13V3m0 0L6 7m4-4l4 4M3 13v3a1 1 0 001 1h12a1 1 0 001-1v-3" />
          </svg>
          {t.chooseLogo}
        </label>
        {error ? (
          <p id={`${inputId}-error`} className={errorTextClass}>
            {error}
          </p>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {uploading ? t.uploading : ''}
      </p>
      {uploading ? <ProgressBar value={progress} label={t.uploadProgress} className="mt-4" /> : null}
    </section>
  );
}
