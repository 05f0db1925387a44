import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStaffPaymentMethod, TStaffShippingConfig, TStaffShippingMethod, TStaffShippingRate, TStaffShippingZone } from '@cubeshop/shared';
import { staffInput } from '@/components/staff/fields';
import { confirmDialog } from '@/lib/stores/modal';
import { useShippingChange } from '../api/settings';
import { fromGrams, fromMinor, regionList, text, toGrams, toInt, toMinor } from './parts';
import { PaymentInstructionsPanel } from './PaymentInstructionsPanel';
import { RowTable, type Column } from './RowTable';

const on = (form: FormData, name: string) => form.get(name) === 'on';

/** Shipping methods, zones (with their regions) and the method × zone rate table. */
export function ShippingPanel({ config }: { config: TStaffShippingConfig }) {
  const { t, i18n } = useTranslation('settings');
  const change = useShippingChange();
  const [methodFilter, setMethodFilter] = useState('');
  const zh = i18n.language === 'zh';
  const nameOf = (row: { nameZh: string; nameEn: string }) => (zh ? row.nameZh : row.nameEn);
  const method = (id: string) => config.methods.find((m) => m.id === id);
  const zone = (code: string) => config.zones.find((z) => z.code === code);

  const methodColumns: Column<TStaffShippingMethod>[] = [
    { name: 'id', label: t('cols.id'), width: 'w-28', value: (r) => r?.id ?? '', keyColumn: true },
    { name: 'nameZh', label: t('cols.nameZh'), width: 'w-full min-w-32', value: (r) => r?.nameZh ?? '' },
    { name: 'nameEn', label: t('cols.nameEn'), width: 'w-full min-w-32', value: (r) => r?.nameEn ?? '' },
    { name: 'position', label: t('cols.position'), width: 'w-14', inputMode: 'numeric', value: (r) => String(r?.position ?? config.methods.length) },
    { name: 'excludedRegions', label: t('cols.excludedRegions'), width: 'w-full min-w-32', value: (r) => r?.excludedRegions.join(', ') ?? '' },
    { name: 'active', label: t('cols.active'), width: '', kind: 'checkbox', value: (r) => r?.active ?? true },
  ];
  const zoneColumns: Column<TStaffShippingZone>[] = [
    { name: 'code', label: t('cols.code'), width: 'w-28', value: (r) => r?.code ?? '', keyColumn: true },
    { name: 'nameZh', label: t('cols.nameZh'), width: 'w-32', value: (r) => r?.nameZh ?? '' },
    { name: 'nameEn', label: t('cols.nameEn'), width: 'w-32', value: (r) => r?.nameEn ?? '' },
    { name: 'position', label: t('cols.position'), width: 'w-14', inputMode: 'numeric', value: (r) => String(r?.position ?? config.zones.length) },
    { name: 'regions', label: t('cols.regions'), width: 'w-full min-w-48', value: (r) => r?.regions.join(', ') ?? '' },
    { name: 'isDefault', label: t('cols.isDefault'), width: '', kind: 'checkbox', value: (r) => r?.isDefault ?? false },
  ];
  const methodOptions = config.methods.map((m) => ({ value: m.id, label: `${m.id} · ${nameOf(m)}` }));
  const zoneOptions = config.zones.map((z) => ({ value: z.code, label: `${z.code} · ${nameOf(z)}` }));
  const rateColumns: Column<TStaffShippingRate>[] = [
    {
      name: 'methodId',
      label: t('cols.method'),
      width: 'w-32',
      kind: 'select',
      keyColumn: true,
      shown: (r) => nameOf(method(r.methodId) ?? { nameZh: r.methodId, nameEn: r.methodId }),
      options: methodOptions,
      value: (r) => r?.methodId ?? (methodFilter || methodOptions[0]?.value || ''),
    },
    {
      name: 'zoneCode',
      label: t('cols.zone'),
      width: 'w-32',
      kind: 'select',
      keyColumn: true,
      shown: (r) => nameOf(zone(r.zoneCode) ?? { nameZh: r.zoneCode, nameEn: r.zoneCode }),
      options: zoneOptions,
      value: (r) => r?.zoneCode ?? zoneOptions[0]?.value ?? '',
    },
    { name: 'firstWeightG', label: t('cols.firstKg'), width: 'w-16', inputMode: 'decimal', value: (r) => (r ? fromGrams(r.firstWeightG) : '0.5') },
    { name: 'firstPriceFen', label: t('cols.firstPrice'), width: 'w-16', inputMode: 'decimal', value: (r) => (r ? fromMinor(r.firstPriceFen) : '') },
    { name: 'stepWeightG', label: t('cols.stepKg'), width: 'w-16', inputMode: 'decimal', value: (r) => (r ? fromGrams(r.stepWeightG) : '0.5') },
    { name: 'stepPriceFen', label: t('cols.stepPrice'), width: 'w-16', inputMode: 'decimal', value: (r) => (r ? fromMinor(r.stepPriceFen) : '') },
    { name: 'minChargeFen', label: t('cols.minCharge'), width: 'w-16', inputMode: 'decimal', value: (r) => (r ? fromMinor(r.minChargeFen) : '0.00') },
    { name: 'maxWeightG', label: t('cols.maxKg'), width: 'w-16', inputMode: 'decimal', value: (r) => (r ? fromGrams(r.maxWeightG) : '30') },
    { name: 'transitMinDays', label: t('cols.daysMin'), width: 'w-14', inputMode: 'numeric', value: (r) => String(r?.transitMinDays ?? '') },
    { name: 'transitMaxDays', label: t('cols.daysMax'), width: 'w-14', inputMode: 'numeric', value: (r) => String(r?.transitMaxDays ?? '') },
  ];
  const rates = config.rates.filter((r) => !methodFilter || r.methodId === methodFilter);

  return (
    <div className="space-y-3">
      <RowTable
        label={t('shipping.methods')}
        testId="methods-table"
        addLabel={t('shipping.addMethod')}
        columns={methodColumns}
        rows={config.methods}
        rowKey={(r) => r.id}
        rowLabel={(r) => t('rowName', { name: nameOf(r), id: r.id })}
        save={(form, row) =>
          change.mutateAsync({
            kind: 'method',
            value: {
              id: row?.id ?? text(form.get('id')),
              nameZh: text(form.get('nameZh')),
              nameEn: text(form.get('nameEn')),
              position: toInt(form.get('position')),
              excludedRegions: regionList(form.get('excludedRegions')),
              active: on(form, 'active'),
            },
          })
        }
      />
      <RowTable
        label={t('shipping.zones')}
        testId="zones-table"
        addLabel={t('shipping.addZone')}
        columns={zoneColumns}
        rows={config.zones}
        rowKey={(r) => r.code}
        rowLabel={(r) => t('rowName', { name: nameOf(r), id: r.code })}
        save={(form, row) =>
          change.mutateAsync({
            kind: 'zone',
            value: {
              code: row?.code ?? text(form.get('code')),
              nameZh: text(form.get('nameZh')),
              nameEn: text(form.get('nameEn')),
              position: toInt(form.get('position')),
              regions: regionList(form.get('regions')),
              isDefault: on(form, 'isDefault'),
            },
          })
        }
        remove={async (row) => {
          const sure = await confirmDialog({
            type: 'warning',
            title: t('shipping.deleteZoneTitle'),
            message: t('shipping.deleteZone', { zone: row.code }),
            confirmButtonText: t('delete'),
            cancelButtonText: t('cancel'),
          });
          return sure ? change.mutateAsync({ kind: 'deleteZone', code: row.code }) : false;
        }}
      />
      <div className="rounded border border-gray-200 bg-white p-3">
        <label className="flex items-center gap-2 text-sm">
          <span className="text-xs text-gray-600">{t('shipping.filter')}</span>
          <select className={staffInput} value={methodFilter} onChange={(e) => setMethodFilter(e.target.value)}>
            <option value="">{t('shipping.allMethods')}</option>
            {methodOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <p className="mt-1 text-xs text-gray-600">{t('shipping.rateHint')}</p>
      </div>
      <RowTable
        key={methodFilter}
        label={t('shipping.rates')}
        testId="rates-table"
        addLabel={t('shipping.addRate')}
        columns={rateColumns}
        rows={rates}
        rowKey={(r) => `${r.methodId}|${r.zoneCode}`}
        rowLabel={(r) =>
          t('rateName', {
            method: nameOf(method(r.methodId) ?? { nameZh: r.methodId, nameEn: r.methodId }),
            zone: nameOf(zone(r.zoneCode) ?? { nameZh: r.zoneCode, nameEn: r.zoneCode }),
          })
        }
        save={(form) =>
          change.mutateAsync({
            kind: 'rate',
            value: {
              methodId: text(form.get('methodId')),
              zoneCode: text(form.get('zoneCode')),
              firstWeightG: toGrams(form.get('firstWeightG')),
              firstPriceFen: toMinor(form.get('firstPriceFen')),
              stepWeightG: toGrams(form.get('stepWeightG')),
              stepPriceFen: toMinor(form.get('stepPriceFen')),
              minChargeFen: toMinor(form.get('minChargeFen')),
              maxWeightG: toGrams(form.get('maxWeightG')),
              transitMinDays: toInt(form.get('transitMinDays')),
              transitMaxDays: toInt(form.get('transitMaxDays')),
            },
          })
        }
        remove={(row) => change.mutateAsync({ kind: 'deleteRate', methodId: row.methodId, zoneCode: row.zoneCode })}
      />
    </div>
  );
}

/** Payment methods: names, surcharge (percent), position, active; then each method's instructions to buyers. */
export function PaymentsPanel({ config }: { config: TStaffShippingConfig }) {
  const { t, i18n } = useTranslation('settings');
  const zh = i18n.language === 'zh';
  const change = useShippingChange();
  const columns: Column<TStaffPaymentMethod>[] = [
    { name: 'id', label: t('cols.id'), width: 'w-28', value: (r) => r?.id ?? '', keyColumn: true },
    { name: 'nameZh', label: t('cols.nameZh'), width: 'w-full min-w-32', value: (r) => r?.nameZh ?? '' },
    { name: 'nameEn', label: t('cols.nameEn'), width: 'w-full min-w-32', value: (r) => r?.nameEn ?? '' },
    { name: 'surchargeBp', label: t('cols.surcharge'), width: 'w-20', inputMode: 'decimal', value: (r) => (r ? fromMinor(r.surchargeBp) : '0.00') },
    { name: 'position', label: t('cols.position'), width: 'w-14', inputMode: 'numeric', value: (r) => String(r?.position ?? config.payments.length) },
    { name: 'active', label: t('cols.active'), width: '', kind: 'checkbox', value: (r) => r?.active ?? true },
  ];
  return (
    <div className="space-y-4">
      <RowTable
        label={t('payments.title')}
        testId="payments-table"
        addLabel={t('payments.add')}
        columns={columns}
        rows={config.payments}
        rowKey={(r) => r.id}
        rowLabel={(r) => t('rowName', { name: zh ? r.nameZh : r.nameEn, id: r.id })}
        save={(form, row) =>
          change.mutateAsync({
            kind: 'payment',
            // instructions are left out: they stay as they are (edited below)
            value: {
              id: row?.id ?? text(form.get('id')),
              nameZh: text(form.get('nameZh')),
              nameEn: text(form.get('nameEn')),
              // percent with 2 decimals typed, basis points sent (4.40 % -> 440)
              surchargeBp: toMinor(form.get('surchargeBp')),
              position: toInt(form.get('position')),
              active: on(form, 'active'),
            },
          })
        }
      />
      <PaymentInstructionsPanel config={config} />
    </div>
  );
}
