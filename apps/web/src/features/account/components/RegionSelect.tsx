import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isRetryableError } from '@/components/ui/QueryError';
import { Button } from '@/components/ui/Button';
import { useRegions } from '@/lib/regions';
import { SelectInput, type ControlProps } from './form/Field';

interface RegionSelectProps extends ControlProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Text of the empty choice: a placeholder (required field) or "not set" (optional). */
  emptyLabel: string;
  /** The empty choice can be picked again (optional field). */
  emptySelectable?: boolean;
}

/**
 * Country or region from GET /api/selector/region: mainland China first, names in the page's
 * language, loaded once and shared by every form (lib/regions.ts).
 */
export const RegionSelect = forwardRef<HTMLSelectElement, RegionSelectProps>(function RegionSelect(
  { name, value, onChange, onBlur, emptyLabel, emptySelectable = false, ...control },
  ref,
) {
  const { t } = useTranslation(['account', 'common']);
  const regions = useRegions();

  if (regions.isError) {
    return (
      <div className="flex gap-2">
        <SelectInput {...control} name={name} disabled value="">
          <option value="">{t('region.failed')}</option>
        </SelectInput>
        {isRetryableError(regions.error) ? (
          <Button variant="secondary" onClick={() => void regions.refetch()}>
            {t('common:ui.retry')}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <SelectInput
      {...control}
      ref={ref}
      name={name}
      value={regions.data ? value : ''}
      disabled={!regions.data}
      aria-busy={regions.isPending || undefined}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      autoComplete="country"
    >
      {regions.data ? (
        <>
          <option value="" disabled={!emptySelectable}>
            {emptyLabel}
          </option>
          {regions.data.map((region) => (
            <option key={region.id} value={region.id}>
              {region.name}
            </option>
          ))}
        </>
      ) : (
        <option value="">{t('region.loading')}</option>
      )}
    </SelectInput>
  );
});
