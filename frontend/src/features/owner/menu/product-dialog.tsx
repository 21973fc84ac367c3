import { zodResolver } from '@hookform/resolvers/zod';
import { productInputSchema, type ProductInput, type ProductInputRequest } from '@tafrit/contracts/http/menu.schemas';
import { PRODUCT_TAGS, productTagLabelsHe } from '@tafrit/contracts/menu-types';
import { uiMessagesHe, validationMessagesHe } from '@tafrit/contracts/messages.he';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { FieldError, TextField } from '@/components/ui/form-field';
import { errorTextClass, hintClass, inputClass, labelClass } from '@/components/ui/form-styles';
import { ProgressBar } from '@/components/ui/progress-bar';
import { secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { isApiError } from '@/lib/api-client';
import { useSaveProduct, type Category, type Product } from '../shared/api/menu';
import { errorDescription, fieldErrorsOf } from '../shared/errors';
import { useTranslationsSection } from './translations-section';
import { FormDialog } from './form-dialog';

const t = heOwner.menuManagement.products;

// A select matches :read-only in browsers, which the shared input class greys out: not here.
const selectClass = inputClass.replace('read-only:bg-canvas read-only:text-muted ', '');

// The contract's schema (spec §5), the same one the server parses with: the messages show next to the fields.
type ProductFormValues = ProductInputRequest;

function formValues(product: Product | null, categoryId: number | null): ProductFormValues {
  return {
    name: product?.name ?? '',
    price: product?.price ?? '',
    categoryId: String(product?.categoryId ?? categoryId ?? ''),
    description: product?.description ?? '',
    tags: [...(product?.tags ?? [])],
  };
}

export interface ProductDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new product; a product: edit it. The title and the save follow the mode. */
  product: Product | null;
  categories: Category[];
  /** A new product starts in this category (the selected one). */
  defaultCategoryId: number | null;
}

/**
 * One dialog for adding and editing a product: the mode follows `product`. The form is mounted only while the dialog
 * is open, so every opening starts from the product being edited (or a blank form).
 */
export function ProductDialog(props: ProductDialogProps) {
  return props.open ? <OpenProductDialog {...props} /> : null;
}

function OpenProductDialog({ onOpenChange, product, categories, defaultCategoryId }: ProductDialogProps) {
  const formId = useId();
  const imageInputId = useId();
  const save = useSaveProduct();
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [imageError, setImageError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productInputSchema),
    defaultValues: formValues(product, defaultCategoryId),
  });
  const { errors, isSubmitting } = form.formState;
  const translations = useTranslationsSection('product', product?.id ?? null);
  const editing = product !== null;

  // The preview of a picked file lives as long as the file is picked.
  const previewRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );
  function pick(file: File | null) {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = file ? URL.createObjectURL(file) : null;
    setPreview(previewRef.current);
    setImage(file);
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setImageError(validationMessagesHe.invalidImageFile);
      return;
    }
    setImageError(undefined);
    pick(file);
    setRemoveImage(false);
  }

  async function onSubmit(values: ProductInput) {
    const checked = translations.check();
    if (!checked) return;
    setProgress(image ? 0 : null);
    try {
      await save.mutateAsync({
        ...(product ? { id: product.id } : {}),
        values,
        image,
        removeImage,
        onProgress: (percent) => {
          if (image) setProgress(percent);
        },
      });
      if (!(await translations.save(checked))) return;
      toast({ title: editing ? t.updated : t.added });
      onOpenChange(false);
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
        if (field === 'image') setImageError(message);
        else if (field in values) form.setError(field as keyof ProductFormValues, { message });
      }
      toast({
        variant: 'destructive',
        title: editing ? uiMessagesHe.productUpdateError : uiMessagesHe.productAddError,
        // The connection broke while sending (spec §8: "Upload failed").
        description:
          image && isApiError(error) && error.status === 0 ? uiMessagesHe.uploadFailed : errorDescription(error),
      });
    } finally {
      setProgress(null);
    }
  }

  const shownImage = preview ?? (!removeImage ? (product?.image?.small ?? null) : null);
  const categoryError = errors.categoryId?.message;
  const categoryErrorId = `${formId}-category-error`;

  return (
    <FormDialog
      formId={formId}
      pending={isSubmitting}
      onOpenChange={onOpenChange}
      title={editing ? t.editTitle : t.addTitle}
      saveLabel={t.save}
      savingLabel={t.saving}
      saveTestId="product-save"
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-5">
        <TextField label={t.name} error={errors.name?.message} autoComplete="off" {...form.register('name')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t.price}
            hint={t.priceHint}
            error={errors.price?.message}
            // Text, not a number field: a Hebrew-locale browser reads '12,5' in a number field as 125; the contract's parser
            // takes the comma as the decimal point and refuses '1,250'.
            type="text"
            inputMode="decimal"
            autoComplete="off"
            ltr
            {...form.register('price')}
          />
          <div>
            <label htmlFor={`${formId}-category`} className={labelClass}>
              {t.category}
            </label>
            <select
              id={`${formId}-category`}
              className={selectClass}
              aria-invalid={categoryError ? true : undefined}
              aria-describedby={categoryError ? categoryErrorId : undefined}
              {...form.register('categoryId')}
            >
              <option value="">{t.chooseCategory}</option>
              {categories.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
            </select>
            <FieldError id={categoryErrorId} error={categoryError} />
          </div>
        </div>
        <div>
          <label htmlFor={`${formId}-description`} className={labelClass}>
            {t.description}
            <span className="ms-1 font-normal text-muted">{heOwner.fields.optional}</span>
          </label>
          <textarea id={`${formId}-description`} rows={3} className={inputClass} {...form.register('description')} />
        </div>
        <fieldset>
          <legend className={labelClass}>
            {t.tags}
            <span className="ms-1 font-normal text-muted">{heOwner.fields.optional}</span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {PRODUCT_TAGS.map((tag) => (
              <label key={tag} className="inline-flex min-h-11 items-center gap-2 text-ink">
                <input type="checkbox" value={tag} className="size-5 accent-brand-700" {...form.register('tags')} />
                {productTagLabelsHe[tag]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <p className={labelClass} id={`${imageInputId}-label`}>
            {t.image}
            <span className="ms-1 font-normal text-muted">{heOwner.fields.optional}</span>
          </p>
          <p id={`${imageInputId}-hint`} className={hintClass}>
            {t.imageHint}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-4">
            {shownImage ? (
              <img
                src={shownImage}
                alt={t.imagePreview}
                className="size-24 rounded-lg border border-line bg-canvas object-cover"
                data-testid="product-image-preview"
              />
            ) : (
              <p className="text-muted">{t.noImage}</p>
            )}
            <div className="flex flex-wrap gap-3">
              <input
                id={imageInputId}
                type="file"
                accept="image/*"
                onChange={onFile}
                disabled={isSubmitting}
                aria-invalid={imageError ? true : undefined}
                aria-describedby={[`${imageInputId}-hint`, imageError ? `${imageInputId}-error` : ''].join(' ').trim()}
                className="peer sr-only"
              />
              <label
                htmlFor={imageInputId}
                className={
                  `${secondaryButtonClass} cursor-pointer peer-focus-visible:outline-3 ` +
                  'peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus ' +
                  'peer-focus-visible:outline-solid peer-disabled:cursor-wait peer-disabled:opacity-60'
                }
              >
                {shownImage ? t.replaceImage : t.chooseImage}
              </label>
              {shownImage ? (
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={isSubmitting}
                  onClick={() => {
                    pick(null);
                    setRemoveImage(product?.image != null);
                  }}
                >
                  {t.removeImage}
                </button>
              ) : null}
            </div>
          </div>
          {imageError ? (
            <p id={`${imageInputId}-error`} className={errorTextClass}>
              {imageError}
            </p>
          ) : null}
          <p role="status" className="sr-only">
            {progress !== null ? t.uploading : ''}
          </p>
          {progress !== null ? <ProgressBar value={progress} label={t.uploadProgress} className="mt-4" /> : null}
        </div>
        {translations.element}
      </form>
    </FormDialog>
  );
}
