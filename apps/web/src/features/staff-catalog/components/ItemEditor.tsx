import { useEffect } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { discountPriceFen, volumeWeightG, ZStaffItemInput, type TStaffItem, type TStaffItemInput, type TStaffItemInputRaw } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { QueryError } from '@/components/ui/QueryError';
import { Spinner } from '@/components/ui/Spinner';
import { staffInput } from '@/components/staff/fields';
import { Derived, FieldError, Labelled, NumberField, TextField } from '@/components/staff/form-fields';
import { Section } from '@/components/staff/Section';
import { FormMessage, StaffForm, useStaffForm } from '@/components/staff/StaffForm';
import { toast } from '@/lib/stores/toast';
import { saveItem, setArchived, useStaffBrands, useStaffCategories, useStaffItem, useCatalogChange } from '../api/catalog-staff';
import { brandsByName, categoryRows, nameOf, yuan } from '../lib/catalog-format';
import { CatalogTabs } from './CatalogTabs';
import { ItemImages } from './ItemImages';
import { RichText } from './RichText';

type Values = TStaffItemInputRaw;

const EMPTY: Values = {
  nameZh: '',
  nameEn: '',
  descriptionZh: '',
  descriptionEn: '',
  types: [],
  hot: false,
  categoryId: Number.NaN,
  supplierId: Number.NaN,
  barcode: '',
  price: Number.NaN,
  discountPercent: 0,
  priceTiers: [],
  moq: 1,
  orderMultiple: null,
  nwG: null,
  gwG: null,
  volumeCm3: null,
  cartonVolumeCm3: null,
  pcs: null,
  preorder: false,
  lowStockAt: 10,
  stock: [{ typeCode: '', onHand: 0 }],
};

/** The form's values of a stored product. */
function valuesOf(item: TStaffItem): Values {
  const {
    id: _i,
    discountPrice: _d,
    volumeWeightG: _v,
    totalVolumeWeightG: _t,
    stock,
    stockStatus: _s,
    images: _m,
    archivedTime: _a,
    createdTime: _c,
    lastUpdatedTime: _l,
    ...fields
  } = item;
  const codes = item.types.length > 0 ? item.types.map((t) => t.code) : [''];
  return { ...fields, barcode: fields.barcode ?? '', stock: codes.map((c) => ({ typeCode: c, onHand: stock.find((l) => l.typeCode === c)?.onHand ?? 0 })) };
}

/** /admin/items/new and /admin/items/{id}: the product editor. */
export function ItemEditor({ id }: { id: number | undefined }) {
  const { t } = useTranslation('staffCatalog');
  const item = useStaffItem(id);
  if (id !== undefined && item.isError) return <QueryError error={item.error} onRetry={() => void item.refetch()} message={t('editor.loadFailed')} />;
  if (id !== undefined && !item.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" label="…" />
      </div>
    );
  }
  return <EditorForm key={item.data?.id ?? 'new'} item={item.data} />;
}

function EditorForm({ item }: { item: TStaffItem | undefined }) {
  const { t } = useTranslation('staffCatalog');
  const navigate = useNavigate();
  const categories = useStaffCategories();
  const brands = useStaffBrands();
  const form = useStaffForm(ZStaffItemInput, { defaultValues: item ? valuesOf(item) : EMPTY, mode: 'onBlur' });
  const { register, control, formState, setValue, getValues } = form;
  const types = useFieldArray({ control, name: 'types' });
  const tiers = useFieldArray({ control, name: 'priceTiers' });
  const watched = useWatch({ control });
  const save = useCatalogChange((values: TStaffItemInput) => saveItem(item?.id, values));
  const archive = useCatalogChange((archived: boolean) => setArchived(item!.id, archived));

  // Stock lines follow the types: one per type code ('' when the product has none).
  const codes = (watched.types ?? []).map((x) => x?.code ?? '');
  const codesKey = codes.join('\u0000');
  useEffect(() => {
    const wanted = codes.length > 0 ? codes : [''];
    const current = getValues('stock') ?? [];
    if (current.length === wanted.length && current.every((l, i) => l.typeCode === wanted[i])) return;
    setValue(
      'stock',
      wanted.map((c, i) => ({ typeCode: c, onHand: current.find((l) => l.typeCode === c)?.onHand ?? current[i]?.onHand ?? 0 })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- codesKey stands for the codes
  }, [codesKey, getValues, setValue]);

  const price = Number(watched.price);
  const percent = Number(watched.discountPercent) || 0;
  // The server's rules (packages/shared): the discount price and the volumetric weight as it will store them.
  const discountPrice = Number.isFinite(price) ? discountPriceFen(Math.round(price * 100), percent) / 100 : null;
  const volumetric = (cm3: unknown) => (typeof cm3 === 'number' && Number.isFinite(cm3) ? `${(volumeWeightG(cm3) / 1000).toFixed(3)} kg` : '—');

  /** A refusal goes on the field it names, or over the form (StaffForm). */
  async function onValid(values: TStaffItemInput) {
    const saved = await save.mutateAsync(values);
    toast.success(item ? t('editor.saved') : t('editor.created'));
    if (!item) void navigate(`/admin/items/${saved.id}`, { replace: true });
    else form.reset(valuesOf(saved));
  }

  const stockLines = watched.stock ?? [];
  const title = item ? nameOf(item) : t('editor.newTitle');

  return (
    <StaffForm form={form} onSubmit={onValid} message="placed" className="space-y-3" aria-labelledby="item-title">
      <CatalogTabs />
      <div className="flex flex-wrap items-center gap-2">
        <Link to="/admin/items" className="text-sm text-brand-700 hover:underline">
          ← {t('editor.back')}
        </Link>
        <h1 id="item-title" className="min-w-0 flex-1 truncate text-lg font-semibold text-ink">
          {title}
          {item ? <span className="ml-2 text-sm font-normal text-gray-500">#{item.id}</span> : null}
        </h1>
        {item?.archivedTime ? <span className="rounded bg-gray-200 px-1.5 py-0.5 text-xs text-gray-700">{t('list.archivedBadge')}</span> : null}
        {item ? <span className="text-xs text-gray-600">{t(`stock.${item.stockStatus}`)}</span> : null}
        {item ? (
          <Button
            size="sm"
            variant={item.archivedTime ? 'secondary' : 'danger'}
            disabled={archive.isPending}
            onClick={() =>
              archive.mutate(!item.archivedTime, { onSuccess: () => toast.success(item.archivedTime ? t('editor.restored') : t('editor.archived')) })
            }
            data-testid="item-archive"
          >
            {item.archivedTime ? t('editor.restore') : t('editor.archive')}
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={formState.isSubmitting} data-testid="item-save">
          {formState.isSubmitting ? <Spinner className="size-4" label="…" /> : null}
          {item ? t('editor.save') : t('editor.create')}
        </Button>
      </div>
      <FormMessage />

      <div className="grid gap-3 lg:grid-cols-2">
        <Section title={t('editor.names')} className="lg:col-span-2">
          <div className="grid gap-2 sm:grid-cols-2">
            <TextField label={t('fields.nameZh')} name="nameZh" />
            <TextField label={t('fields.nameEn')} name="nameEn" />
            <Labelled label={t('fields.descriptionZh')} name="descriptionZh" group>
              <RichText
                id="descriptionZh"
                label={t('fields.descriptionZh')}
                value={watched.descriptionZh ?? ''}
                onChange={(html) => setValue('descriptionZh', html, { shouldDirty: true })}
              />
            </Labelled>
            <Labelled label={t('fields.descriptionEn')} name="descriptionEn" group>
              <RichText
                id="descriptionEn"
                label={t('fields.descriptionEn')}
                value={watched.descriptionEn ?? ''}
                onChange={(html) => setValue('descriptionEn', html, { shouldDirty: true })}
              />
            </Labelled>
          </div>
        </Section>

        <Section title={t('editor.placement')}>
          <div className="grid gap-2 sm:grid-cols-2">
            <Labelled label={t('fields.category')} name="categoryId">
              <select
                value={Number.isFinite(watched.categoryId) ? String(watched.categoryId) : ''}
                onChange={(e) =>
                  setValue('categoryId', e.target.value ? Number(e.target.value) : Number.NaN, { shouldDirty: true, shouldValidate: formState.isSubmitted })
                }
                className={`${staffInput} w-full`}
                data-testid="item-category"
              >
                <option value="">{t('editor.choose')}</option>
                {categoryRows(categories.data?.data ?? []).map(({ category, depth }) => (
                  <option key={category.id} value={category.id}>
                    {'\u00a0\u00a0'.repeat(depth) + nameOf(category)}
                  </option>
                ))}
              </select>
            </Labelled>
            <Labelled label={t('fields.brand')} name="supplierId">
              <select
                value={Number.isFinite(watched.supplierId) ? String(watched.supplierId) : ''}
                onChange={(e) =>
                  setValue('supplierId', e.target.value ? Number(e.target.value) : Number.NaN, { shouldDirty: true, shouldValidate: formState.isSubmitted })
                }
                className={`${staffInput} w-full`}
                data-testid="item-brand"
              >
                <option value="">{t('editor.choose')}</option>
                {brandsByName(brands.data?.data ?? []).map((b) => (
                  <option key={b.id} value={b.id}>
                    {nameOf(b)}
                  </option>
                ))}
              </select>
            </Labelled>
            <TextField label={t('fields.barcode')} name="barcode" maxLength={64} />
            <label className="flex items-center gap-2 self-end pb-1.5 text-sm">
              <input type="checkbox" {...register('hot')} /> {t('fields.hot')}
            </label>
          </div>
        </Section>

        <Section title={t('editor.types')}>
          <div className="space-y-1.5">
            {types.fields.length === 0 ? <p className="text-sm text-gray-600">{t('editor.noTypes')}</p> : null}
            {types.fields.map((f, i) => (
              <div key={f.id} className="grid grid-cols-[5rem_1fr_1fr_auto] items-start gap-1.5" data-testid="type-row">
                <TextField label={t('fields.typeCode')} name={`types.${i}.code`} maxLength={32} />
                <TextField label={t('fields.typeZh')} name={`types.${i}.zh`} maxLength={100} />
                <TextField label={t('fields.typeEn')} name={`types.${i}.en`} maxLength={100} />
                <Button size="sm" variant="ghost" className="mt-4" onClick={() => types.remove(i)} aria-label={t('editor.removeType', { n: i + 1 })}>
                  ✕
                </Button>
              </div>
            ))}
            <FieldError name="types" />
            <Button size="sm" variant="secondary" onClick={() => types.append({ code: '', zh: '', en: '' })} data-testid="type-add">
              {t('editor.addType')}
            </Button>
          </div>
        </Section>

        <Section title={t('editor.prices')}>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <NumberField label={t('fields.price')} name="price" step="0.01" />
            <NumberField label={t('fields.discountPercent')} name="discountPercent" step="1" />
            <Derived label={t('fields.discountPrice')} value={discountPrice === null ? '—' : yuan(discountPrice)} testId="discount-price" />
          </div>
          <div className="mt-2 space-y-1.5">
            <p className="text-xs text-gray-600">{t('editor.tiersHint')}</p>
            {tiers.fields.map((f, i) => (
              <div key={f.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-1.5" data-testid="tier-row">
                <NumberField label={t('fields.tierMin')} name={`priceTiers.${i}.minQuantity`} step="1" />
                <NumberField label={t('fields.tierPrice')} name={`priceTiers.${i}.price`} step="0.01" />
                <Button size="sm" variant="ghost" className="mt-4" onClick={() => tiers.remove(i)} aria-label={t('editor.removeTier', { n: i + 1 })}>
                  ✕
                </Button>
              </div>
            ))}
            <FieldError name="priceTiers" />
            <Button size="sm" variant="secondary" onClick={() => tiers.append({ minQuantity: Number.NaN, price: Number.NaN })} data-testid="tier-add">
              {t('editor.addTier')}
            </Button>
          </div>
        </Section>

        <Section title={t('editor.ordering')}>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <NumberField label={t('fields.moq')} name="moq" step="1" />
            <NumberField label={t('fields.orderMultiple')} name="orderMultiple" step="1" nullable />
            <NumberField label={t('fields.lowStockAt')} name="lowStockAt" step="1" />
            <label className="col-span-2 flex items-center gap-2 text-sm sm:col-span-3">
              <input type="checkbox" {...register('preorder')} /> {t('fields.preorder')}
            </label>
          </div>
          <div className="mt-2 space-y-1">
            <p className="text-xs font-medium text-gray-700">{t('editor.stock')}</p>
            {stockLines.map((line, i) => {
              const known = item?.stock.find((s) => s.typeCode === line?.typeCode);
              return (
                <div key={`${line?.typeCode ?? ''}-${i}`} className="grid grid-cols-[6rem_1fr] items-center gap-2 text-sm" data-testid="stock-row">
                  <span className="truncate text-gray-700">{line?.typeCode || t('editor.noType')}</span>
                  <div className="flex items-center gap-2">
                    <NumberField label={t('fields.onHand')} name={`stock.${i}.onHand`} step="1" className="w-28" />
                    {known ? (
                      <span className="pt-4 text-xs text-gray-500">{t('editor.reserved', { reserved: known.reserved, available: known.available })}</span>
                    ) : null}
                  </div>
                </div>
              );
            })}
          </div>
        </Section>

        <Section title={t('editor.logistics')}>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <NumberField label={t('fields.nwG')} name="nwG" step="1" nullable />
            <NumberField label={t('fields.gwG')} name="gwG" step="1" nullable />
            <NumberField label={t('fields.volumeCm3')} name="volumeCm3" step="1" nullable />
            <Derived label={t('fields.volumeWeight')} value={volumetric(watched.volumeCm3)} />
            <TextField label={t('fields.dimension')} name="dimension" maxLength={100} />
            <TextField label={t('fields.pkgZh')} name="pkgZh" maxLength={100} />
            <TextField label={t('fields.pkgEn')} name="pkgEn" maxLength={100} />
            <TextField label={t('fields.carton')} name="carton" maxLength={100} />
            <NumberField label={t('fields.pcs')} name="pcs" step="1" nullable />
            <NumberField label={t('fields.cartonVolumeCm3')} name="cartonVolumeCm3" step="1" nullable />
            <Derived label={t('fields.cartonVolumeWeight')} value={volumetric(watched.cartonVolumeCm3)} />
            <TextField label={t('fields.unitNwDesc')} name="unitNwDesc" maxLength={100} />
            <TextField label={t('fields.unitGwDesc')} name="unitGwDesc" maxLength={100} />
            <TextField label={t('fields.unitVolumeDesc')} name="unitVolumeDesc" maxLength={100} />
            <TextField label={t('fields.unitVolumeWeightDesc')} name="unitVolumeWeightDesc" maxLength={100} />
          </div>
        </Section>

        <Section title={t('editor.comments')}>
          <div className="grid gap-2 sm:grid-cols-2">
            <TextField label={t('fields.commentZh')} name="commentZh" maxLength={1000} />
            <TextField label={t('fields.commentEn')} name="commentEn" maxLength={1000} />
          </div>
        </Section>

        <Section title={t('fields.images')} className="lg:col-span-2">
          {item ? <ItemImages item={item} /> : <p className="text-sm text-gray-600">{t('images.afterCreate')}</p>}
        </Section>
      </div>
    </StaffForm>
  );
}
