import { useEffect, useId, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { cn } from '@/components/ui/cn';
import { isApiError } from '@/lib/api-client';
import { getLocale } from '@/lib/locale';
import { useRegions } from '@/lib/regions';
import { useAuthStore } from '@/lib/stores/auth';
import { toast } from '@/lib/stores/toast';
import { useSaveAddress } from '../api/save-address';
import {
  ADDRESS_FIELDS,
  REQUIRED_ADDRESS_FIELDS,
  addressFormSchema,
  addressMessage,
  addressToValues,
  emptyAddressValues,
  firstAddressError,
  valuesToInput,
  type TAddressErrors,
  type TAddressField,
  type TAddressFormValues,
} from '../lib/address-form';

const controlClass =
  'block h-10 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 text-base text-ink placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none disabled:bg-gray-50 aria-[invalid=true]:border-red-600 sm:text-sm';

/** The address modal (docs/requirements.md, Screens): every delivery field, set as default, validation of docs/requirements.md, Validation. */
export function AddressModal({
  open,
  address,
  onClose,
  onSaved,
  defaultChecked = false,
}: {
  open: boolean;
  address: TAddress | null;
  onClose: () => void;
  onSaved: (address: TAddress) => void;
  defaultChecked?: boolean;
}) {
  const { t } = useTranslation('addresses');
  return (
    <Dialog open={open} onClose={onClose} title={address ? t('addressForm.editTitle') : t('addressForm.addTitle')} className="max-w-2xl">
      {open ? <AddressForm key={address?.id ?? 'new'} address={address} onClose={onClose} onSaved={onSaved} defaultChecked={defaultChecked} /> : null}
    </Dialog>
  );
}

/**
 * The form (react-hook-form with the shared address schema, like the account forms): a field is
 * checked when it loses focus and again on every change after that; submitting checks them all,
 * shows the first failing one in the banner and saves nothing. Each field shows its first
 * failing message in the page's language.
 */
function AddressForm({
  address,
  onClose,
  onSaved,
  defaultChecked,
}: {
  address: TAddress | null;
  onClose: () => void;
  onSaved: (address: TAddress) => void;
  defaultChecked: boolean;
}) {
  const { t } = useTranslation('addresses');
  const locale = getLocale();
  const [banner, setBanner] = useState<string | null>(null);
  const regions = useRegions();
  // A new address starts in the buyer's registered country (a known one only: the list decides).
  const registeredRegion = useAuthStore((state) => state.user?.regionId ?? null);
  const save = useSaveAddress();
  const formId = useId();
  const form = useForm<TAddressFormValues>({
    resolver: zodResolver(addressFormSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // The banner says what to fix; focus stays where the buyer is.
    shouldFocusError: false,
    defaultValues: address ? addressToValues(address) : emptyAddressValues(defaultChecked, registeredRegion),
  });
  const { errors } = form.formState;
  // A registered country the shop no longer delivers to is not chosen for the buyer.
  useEffect(() => {
    const chosen = form.getValues('deliveryRegionId');
    if (regions.data && chosen && !regions.data.some((option) => option.id === chosen)) form.setValue('deliveryRegionId', '');
  }, [regions.data, form]);

  const label = (field: TAddressField) => t(`addressForm.fields.${field}`);
  const errorOf = (field: TAddressField) => (errors[field]?.message ? addressMessage(errors[field].message, locale) : undefined);

  const onValid = async (values: TAddressFormValues) => {
    setBanner(null);
    try {
      const saved = await save.mutateAsync({ id: address?.id ?? null, input: valuesToInput(values) });
      toast.success(t('addressForm.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      setBanner(isApiError(error) && error.status === 400 && error.desc ? error.desc : t('errors.saveFailed'));
    }
  };

  const onInvalid = (invalid: FieldErrors<TAddressFormValues>) => {
    const sentences: TAddressErrors = {};
    for (const field of ADDRESS_FIELDS) {
      const message = invalid[field]?.message;
      if (message) sentences[field] = addressMessage(message, locale);
    }
    setBanner(firstAddressError(sentences, label));
  };

  const field = (name: TAddressField, options: { type?: string; autoComplete?: string; className?: string; placeholder?: string } = {}): ReactNode => (
    <FormField key={name} label={label(name)} error={errorOf(name)} required={REQUIRED_ADDRESS_FIELDS.includes(name)} className={options.className}>
      {(control) => (
        <input
          {...control}
          {...form.register(name)}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          placeholder={options.placeholder}
          className={controlClass}
        />
      )}
    </FormField>
  );

  return (
    <form id={formId} noValidate className="mt-4 space-y-4" onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}>
      {banner ? (
        <div role="alert" className="flex gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="address-error-banner">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="min-w-0 break-words">{banner}</p>
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={label('deliveryRegionId')} error={errorOf('deliveryRegionId')} required>
          {(control) => (
            <Controller
              control={form.control}
              name="deliveryRegionId"
              render={({ field: region }) => (
                <select
                  {...control}
                  ref={region.ref}
                  name={region.name}
                  autoComplete="country"
                  value={regions.data ? region.value : ''}
                  disabled={!regions.data}
                  onChange={(e) => region.onChange(e.target.value)}
                  onBlur={region.onBlur}
                  className={cn(controlClass, 'pr-8')}
                >
                  {regions.data ? (
                    <>
                      <option value="" disabled>
                        {t('addressForm.chooseRegion')}
                      </option>
                      {regions.data.map((option) => (
                        <option key={option.id} value={option.id}>
                          {option.name}
                        </option>
                      ))}
                    </>
                  ) : (
                    <option value="">{regions.isError ? t('addressForm.regionsFailed') : t('addressForm.regionsLoading')}</option>
                  )}
                </select>
              )}
            />
          )}
        </FormField>
        {field('deliveryState', { autoComplete: 'address-level1' })}
        {field('deliveryCity', { autoComplete: 'address-level2' })}
        {field('deliveryPostalCode', { autoComplete: 'postal-code' })}
        {field('deliveryUser', { autoComplete: 'name' })}
        {field('deliveryPhone', { type: 'tel', autoComplete: 'tel' })}
        {field('deliveryAddress', { autoComplete: 'address-line1', className: 'sm:col-span-2' })}
        {field('deliveryAddress2', { autoComplete: 'address-line2', className: 'sm:col-span-2' })}
        {field('deliveryCompany', { autoComplete: 'organization' })}
        {field('deliveryTaxId')}
        {field('deliveryShippingMark', { className: 'sm:col-span-2' })}
      </div>
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <input type="checkbox" {...form.register('asDefault')} className="size-4 rounded border-gray-300 accent-brand-600" />
        {t('addressForm.setDefault')}
      </label>
      <div className="flex justify-end gap-2 border-t border-gray-100 pt-4">
        <Button variant="secondary" onClick={onClose}>
          {t('addressForm.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? t('addressForm.saving') : t('addressForm.save')}
        </Button>
      </div>
    </form>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

function FormField({
  label,
  error,
  required = false,
  className,
  children,
}: {
  label: string;
  error?: string | undefined;
  required?: boolean;
  className?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const { t } = useTranslation('addresses');
  const id = useId();
  const errorId = `${id}-error`;
  const control: ControlProps = { id };
  if (error) {
    control['aria-invalid'] = true;
    control['aria-describedby'] = errorId;
  }
  if (required) control['aria-required'] = true;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="ml-1 font-normal text-gray-400">{t('addressForm.optional')}</span>
        )}
      </label>
      {children(control)}
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
