import { useId, useState, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { cn } from '@/components/ui/cn';
import { isApiError } from '@/lib/api-client';
import { getLocale } from '@/lib/locale';
import { toast } from '@/lib/stores/toast';
import { useRegions } from '../api/get-regions';
import { useSaveAddress } from '../api/save-address';
import {
  REQUIRED_ADDRESS_FIELDS,
  addressToValues,
  emptyAddressValues,
  firstAddressError,
  validateAddress,
  valuesToInput,
  type TAddressErrors,
  type TAddressField,
  type TAddressFormValues,
} from '../lib/address-form';

const controlClass =
  'block h-10 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 text-base text-ink placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none disabled:bg-gray-50 aria-[invalid=true]:border-red-600 sm:text-sm';

/** The address modal (spec section 2): every delivery field, set as default, validation of spec section 5. */
export function AddressModal({ open, address, onClose, onSaved, defaultChecked = false }: { open: boolean; address: TAddress | null; onClose: () => void; onSaved: (address: TAddress) => void; defaultChecked?: boolean }) {
  const { t } = useTranslation('cart');
  return (
    <Dialog open={open} onClose={onClose} title={address ? t('addressForm.editTitle') : t('addressForm.addTitle')} className="max-w-2xl">
      {open ? <AddressForm key={address?.id ?? 'new'} address={address} onClose={onClose} onSaved={onSaved} defaultChecked={defaultChecked} /> : null}
    </Dialog>
  );
}

function AddressForm({ address, onClose, onSaved, defaultChecked }: { address: TAddress | null; onClose: () => void; onSaved: (address: TAddress) => void; defaultChecked: boolean }) {
  const { t } = useTranslation('cart');
  const locale = getLocale();
  const [values, setValues] = useState<TAddressFormValues>(() => (address ? addressToValues(address) : emptyAddressValues(defaultChecked)));
  const [errors, setErrors] = useState<TAddressErrors>({});
  const [touched, setTouched] = useState<Partial<Record<TAddressField, boolean>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const regions = useRegions();
  const save = useSaveAddress();
  const formId = useId();

  const label = (field: TAddressField) => t(`addressForm.fields.${field}`);
  const set = (field: TAddressField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched[field] || errors[field]) setErrors(validateAddress(next, locale));
  };
  const blur = (field: TAddressField) => {
    setTouched((s) => ({ ...s, [field]: true }));
    setErrors((current) => {
      const all = validateAddress(values, locale);
      return { ...current, [field]: all[field] };
    });
  };

  const submit = async () => {
    const all = validateAddress(values, locale);
    setErrors(all);
    setTouched(Object.fromEntries(REQUIRED_ADDRESS_FIELDS.map((f) => [f, true])));
    const first = firstAddressError(all, label);
    setBanner(first);
    if (first) return;
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

  const field = (name: TAddressField, options: { type?: string; autoComplete?: string; className?: string; placeholder?: string } = {}): ReactNode => (
    <FormField key={name} label={label(name)} error={errors[name]} required={REQUIRED_ADDRESS_FIELDS.includes(name)} className={options.className}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          placeholder={options.placeholder}
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
          onBlur={() => blur(name)}
          className={controlClass}
        />
      )}
    </FormField>
  );

  return (
    <form
      id={formId}
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {banner ? (
        <div role="alert" className="flex gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="address-error-banner">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="min-w-0 break-words">{banner}</p>
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={label('deliveryRegionId')} error={errors.deliveryRegionId} required>
          {(control) => (
            <select
              {...control}
              name="deliveryRegionId"
              autoComplete="country"
              value={regions.data ? values.deliveryRegionId : ''}
              disabled={!regions.data}
              onChange={(e) => set('deliveryRegionId', e.target.value)}
              onBlur={() => blur('deliveryRegionId')}
              className={cn(controlClass, 'pr-8')}
            >
              {regions.data ? (
                <>
                  <option value="" disabled>
                    {t('addressForm.chooseRegion')}
                  </option>
                  {regions.data.map((region) => (
                    <option key={region.id} value={region.id}>
                      {region.name}
                    </option>
                  ))}
                </>
              ) : (
                <option value="">{regions.isError ? t('addressForm.regionsFailed') : t('addressForm.regionsLoading')}</option>
              )}
            </select>
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
        <input type="checkbox" checked={values.asDefault} onChange={(e) => setValues({ ...values, asDefault: e.target.checked })} className="size-4 rounded border-gray-300 accent-brand-600" />
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

function FormField({ label, error, required = false, className, children }: { label: string; error?: string | undefined; required?: boolean; className?: string | undefined; children: (control: ControlProps) => ReactNode }) {
  const { t } = useTranslation('cart');
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
