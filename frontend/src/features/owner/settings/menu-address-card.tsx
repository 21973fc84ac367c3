import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  menuAddressRequestSchema,
  type MenuAddressRequest,
  type MenuAddressResponse,
} from '@tafrit/contracts/http/share.schemas';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorTextClass, hintClass, inputClass, labelClass, ltrInputClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { chooseMenuAddress, menuAddressQueryOptions, useMenuAddress } from '../shared/api/menu-address';
import { errorDescription, fieldErrorsOf } from '../shared/errors';
import { SettingCard } from './setting-card';

const t = heOwner.settings.menuAddress;
type Parsed = z.output<typeof menuAddressRequestSchema>;
type Values = z.input<typeof menuAddressRequestSchema>;

const valuesOf = (saved: MenuAddressResponse): Values => ({
  address: saved.address ?? '',
  shareLine: saved.shareLine ?? '',
});

/** The address as the diner opens it: absolute, left to right inside the Hebrew text. */
const menuUrl = (path: string) => `${location.origin}/menu/${path}`;

/**
 * Settings' card of the readable menu address (issue 33): the address diners are sent (`/menu/cafe-hagefen`), and the
 * line a link preview shows. The random address keeps working; a former address redirects to the new one and stays
 * this business's. An address another business has or had is refused beside its field.
 */
export function MenuAddressCard({ canEdit }: { canEdit: boolean }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const current = useMenuAddress();
  const form = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(menuAddressRequestSchema),
    defaultValues: { address: '', shareLine: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (current.data) form.reset(valuesOf(current.data), { keepDirtyValues: true });
  }, [current.data, form]);

  const save = useMutation({
    mutationFn: (request: MenuAddressRequest) => chooseMenuAddress(request),
    onSuccess: (saved) => {
      queryClient.setQueryData(menuAddressQueryOptions.queryKey, saved);
      form.reset(valuesOf(saved));
      toast({ title: t.saved });
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields.address) form.setError('address', { message: fields.address });
      toast({ variant: 'destructive', title: t.saveError, description: errorDescription(error) });
    },
  });

  async function onSubmit(values: Parsed) {
    await save.mutateAsync(values).catch(() => undefined);
  }

  const saved = current.data;
  const shared = saved ? (saved.address ?? saved.departmentId) : undefined;
  return (
    <SettingCard
      titleId={titleId}
      testId="menu-address-card"
      title={t.title}
      hint={t.hint}
      loadFailed={current.isError}
      loadError={t.loadError}
    >
      {shared ? (
        <div className="mt-3">
          <p className="font-medium text-ink">{saved?.address ? t.current : t.none}</p>
          <p className="mt-1 break-all">
            <a href={menuUrl(shared)} dir="ltr" className="text-brand-700 underline" data-testid="menu-address-link">
              {menuUrl(shared)}
            </a>
          </p>
          <p className={hintClass}>
            {t.tagged} <bdi dir="ltr" className="break-all">{`${menuUrl(shared)}?src=instagram`}</bdi>
          </p>
          {saved && saved.previous.length > 0 ? (
            <p className={hintClass}>
              {t.previous}{' '}
              {saved.previous.map((address, index) => (
                <span key={address}>
                  {index > 0 ? ', ' : null}
                  <bdi dir="ltr">{address}</bdi>
                </span>
              ))}
            </p>
          ) : null}
        </div>
      ) : null}
      {canEdit ? (
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-labelledby={titleId} className="mt-4">
          <label htmlFor={`${titleId}-address`} className={labelClass}>
            {t.address}
          </label>
          <input
            id={`${titleId}-address`}
            dir="ltr"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            className={ltrInputClass}
            aria-describedby={`${titleId}-address-hint${errors.address ? ` ${titleId}-address-error` : ''}`}
            aria-invalid={errors.address ? true : undefined}
            {...form.register('address')}
          />
          <p id={`${titleId}-address-hint`} className={hintClass}>
            {t.addressHint}
          </p>
          {errors.address?.message ? (
            <p id={`${titleId}-address-error`} className={errorTextClass}>
              {errors.address.message}
            </p>
          ) : null}
          <label htmlFor={`${titleId}-line`} className={`${labelClass} mt-4`}>
            {t.shareLine}
          </label>
          <input
            id={`${titleId}-line`}
            maxLength={160}
            className={inputClass}
            aria-describedby={`${titleId}-line-hint`}
            aria-invalid={errors.shareLine ? true : undefined}
            {...form.register('shareLine')}
          />
          <p id={`${titleId}-line-hint`} className={hintClass}>
            {t.shareLineHint}
          </p>
          {errors.shareLine?.message ? <p className={errorTextClass}>{errors.shareLine.message}</p> : null}
          <PendingButton pending={isSubmitting} pendingLabel={t.saving} className={`${primaryButtonClass} mt-6`}>
            {t.save}
          </PendingButton>
        </form>
      ) : null}
    </SettingCard>
  );
}
