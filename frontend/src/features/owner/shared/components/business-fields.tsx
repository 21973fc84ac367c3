import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-field';
import { heOwner } from '@/i18n/he-owner';

// The business and payout fields, shared by registration and settings so both read and behave the same.

const t = heOwner.fields;

export type BusinessDetailsField = 'fullName' | 'businessName' | 'email' | 'idNumber' | 'receiptPhone';
export type PayoutField = 'branch' | 'accountNumber' | 'beneficiaryName';

type Errors<Name extends string> = Partial<Record<Name | 'phone' | 'bankName', { message?: string } | undefined>>;

// Any form whose values include these fields can lend its register(): form.register fits.
type Register<Name extends string> = (name: Name) => UseFormRegisterReturn;

export function BusinessDetailsFields({
  register,
  errors,
  phoneField,
}: {
  register: Register<BusinessDetailsField>;
  errors: Errors<BusinessDetailsField>;
  /** Registration: the phone input; settings: the read-only phone. Placed beside the receipt phone. */
  phoneField: ReactNode;
}) {
  const field = register;
  return (
    <div className="mt-5 grid gap-x-6 gap-y-5 md:grid-cols-2">
      <TextField
        {...field('fullName')}
        label={t.fullName}
        autoComplete="name"
        aria-required
        error={errors.fullName?.message}
      />
      <TextField
        {...field('businessName')}
        label={t.businessName}
        autoComplete="organization"
        aria-required
        error={errors.businessName?.message}
      />
      <TextField
        {...field('email')}
        label={t.email}
        type="email"
        autoComplete="email"
        ltr
        aria-required
        error={errors.email?.message}
      />
      <TextField
        {...field('idNumber')}
        label={t.idNumber}
        hint={t.idNumberHint}
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        ltr
        aria-required
        error={errors.idNumber?.message}
      />
      {phoneField}
      <TextField
        {...field('receiptPhone')}
        label={t.receiptPhone}
        labelNote={t.optional}
        hint={t.receiptPhoneHint}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        ltr
        error={errors.receiptPhone?.message}
      />
    </div>
  );
}

export function PayoutFields({
  register,
  errors,
  bankField,
}: {
  register: Register<PayoutField>;
  errors: Errors<PayoutField>;
  /** The form's <Controller name="bankName"> rendering a <BankCombobox> (bank-combobox.tsx). */
  bankField: ReactNode;
}) {
  const field = register;
  return (
    <div className="mt-5 grid gap-x-6 gap-y-5 md:grid-cols-2">
      {bankField}
      <TextField
        {...field('branch')}
        label={t.branch}
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        ltr
        aria-required
        error={errors.branch?.message}
      />
      <TextField
        {...field('accountNumber')}
        label={t.accountNumber}
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        ltr
        aria-required
        error={errors.accountNumber?.message}
      />
      <TextField
        {...field('beneficiaryName')}
        label={t.beneficiaryName}
        hint={t.beneficiaryNameHint}
        autoComplete="off"
        aria-required
        error={errors.beneficiaryName?.message}
        className="md:col-span-2"
      />
    </div>
  );
}
