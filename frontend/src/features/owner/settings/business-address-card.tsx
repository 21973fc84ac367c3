import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  businessAddressSchema,
  type BusinessAddressInput,
  type BusinessAddressRequest,
  type OwnerBusiness,
} from '@tafrit/contracts/http/accounts.schemas';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { cardClass, cardTitleClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heDocuments } from '@/i18n/he-documents';
import { updateAddress } from '../shared/api/business-documents';
import { useRememberBusiness } from '../shared/api/profile';
import { AddressFields } from '../shared/components/address-fields';
import { CityCombobox } from '../shared/components/city-combobox';
import { errorDescription } from '../shared/errors';
import { ListController } from '@/components/list-controller';

const t = heDocuments.address;

/** The card's anchor: the console's banner for a business without an address links here. */
export const ADDRESS_CARD_ID = 'business-address';

const valuesOf = (business: OwnerBusiness): BusinessAddressRequest => ({
  street: business.street ?? '',
  city: business.city ?? '',
});

/**
 * Settings' card of the address on the tax documents (issue 17). Documents issued before a change keep the address
 * they printed; the next ones print the new one.
 */
export function BusinessAddressCard({ business }: { business: OwnerBusiness }) {
  const titleId = useId();
  const remember = useRememberBusiness();
  const form = useForm<BusinessAddressRequest, unknown, BusinessAddressInput>({
    resolver: zodResolver(businessAddressSchema),
    defaultValues: valuesOf(business),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    form.reset(valuesOf(business), { keepDirtyValues: true });
  }, [business, form]);

  const save = useMutation({
    mutationFn: updateAddress,
    onSuccess: (saved) => {
      remember(saved);
      form.reset(valuesOf(saved));
      toast({ title: t.saved });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: t.saveError, description: errorDescription(error) });
    },
  });

  async function onSubmit(values: BusinessAddressInput) {
    // The outcome is the mutation's toast; the form's own submitting state keeps the button pending until then.
    await save.mutateAsync(values).catch(() => undefined);
  }

  return (
    <section id={ADDRESS_CARD_ID} aria-labelledby={titleId} className={`${cardClass} scroll-mt-4`}>
      <h2 id={titleId} className={cardTitleClass}>
        {t.sectionTitle}
      </h2>
      <p className={hintClass}>{t.sectionHint}</p>
      {business.street ? null : <p className="mt-2 font-medium text-danger">{t.missing}</p>}
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-labelledby={titleId}>
        <AddressFields
          street={form.register('street')}
          streetError={errors.street?.message}
          cityField={<ListController control={form.control} name="city" Field={CityCombobox} />}
        />
        <PendingButton pending={isSubmitting} pendingLabel={t.saving} className={`${primaryButtonClass} mt-6`}>
          {t.save}
        </PendingButton>
      </form>
    </section>
  );
}
