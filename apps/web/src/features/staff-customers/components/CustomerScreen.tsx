import { useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, staffCan, type TCustomerDetail, type TStaffRole } from '@cubeshop/shared';
import { errorText } from '@/components/staff/fields';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/Dialog';
import { QueryError } from '@/components/ui/QueryError';
import { Spinner } from '@/components/ui/Spinner';
import { useRegionName } from '@/lib/regions';
import { toast } from '@/lib/stores/toast';
import { Section } from '@/components/staff/Section';
import { addCustomerNote, disableCustomer, enableCustomer, useCustomer, useCustomerChange } from '../api/customers';
import { formatDay, formatSpent, formatStamp } from '../lib/format';
import { ChatHistoryCard, CopyBlock } from './CustomerParts';
import { CustomerGroupCard } from './CustomerGroupCard';

const input = 'rounded border border-gray-300 bg-white px-2 py-1 text-sm';

/**
 * A buyer's page for staff (/admin/customers/{id}): contacts (copy-ready), money received,
 * orders, addresses, chat history (read-only), internal notes, account changes, and disabling
 * or enabling the account with a reason and a confirmation (owner, sales).
 */
export function CustomerScreen({ id, role }: { id: string; role: TStaffRole | null }) {
  const { t } = useTranslation('staff');
  const customer = useCustomer(id);
  if (customer.isError && !customer.data) {
    return <QueryError error={customer.error} onRetry={() => void customer.refetch()} message={t('customers.notFound')} />;
  }
  if (!customer.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" label="…" />
      </div>
    );
  }
  const detail = customer.data;
  const c = detail.customer;
  const canManage = staffCan(role, 'customers.manage');
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <Link to="/admin/customers" className="text-sm text-brand-700 hover:underline">
          ← {t('customers.back')}
        </Link>
        <h1 className="text-lg font-semibold text-ink">{c.name || c.account}</h1>
        <span className="text-sm text-gray-600">{c.account}</span>
        {c.disabledTime ? (
          <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-800" data-testid="customer-disabled">
            {t('customers.disabledSince', { time: formatStamp(c.disabledTime) })}
          </span>
        ) : null}
      </div>
      <div className="grid gap-3 lg:grid-cols-3">
        <div className="space-y-3">
          <ContactCard detail={detail} />
          <AccountCard detail={detail} canManage={canManage} />
          <CustomerGroupCard id={c.id} canManage={canManage} />
        </div>
        <div className="space-y-3 lg:col-span-2">
          <OrdersCard detail={detail} canOpen={staffCan(role, 'orders.read')} />
          <NotesCard detail={detail} canManage={canManage} />
          <ChatHistoryCard chats={detail.chats} />
          <AddressesCard detail={detail} />
        </div>
      </div>
    </div>
  );
}

function ContactCard({ detail }: { detail: TCustomerDetail }) {
  const { t } = useTranslation('staff');
  const c = detail.customer;
  // The profile's country by its name in the reader's language, not its ISO code.
  const country = useRegionName(c.country);
  // The account is often the e-mail or the mobile itself: each line once.
  const contact = [...new Set([c.name, c.account, c.email, c.mobile].filter(Boolean))].join('\n');
  const row = (label: string, value: ReactNode) => (
    <div className="flex justify-between gap-3 py-0.5">
      <dt className="text-gray-600">{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
  return (
    <Section title={t('customers.contact')}>
      <CopyBlock text={contact} testId="customer-contact" />
      <dl className="mt-2 text-sm">
        {row(t('customers.col.country'), country || '—')}
        {row(t('customers.language'), c.locale === 'en' ? 'English' : '中文')}
        {row(t('customers.col.registered'), formatDay(c.registeredTime))}
        {row(t('customers.newsletter'), c.subscribeEmail ?? '—')}
        {row(t('customers.col.orders'), c.orderCount)}
        {row(t('customers.col.spent'), <span data-testid="customer-spent">{formatSpent(c.spent) || '—'}</span>)}
        {row(t('customers.col.lastOrder'), formatStamp(c.lastOrderTime) || '—')}
      </dl>
    </Section>
  );
}

function AccountCard({ detail, canManage }: { detail: TCustomerDetail; canManage: boolean }) {
  const { t } = useTranslation('staff');
  const c = detail.customer;
  const disabled = c.disabledTime !== null;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const change = useCustomerChange(c.id, (why: string) => (disabled ? enableCustomer(c.id, why) : disableCustomer(c.id, why)));
  const history = detail.audit.filter((a) => a.action !== 'customer.note');

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!disabled && !reason.trim()) return;
    change.mutate(reason.trim(), {
      onSuccess: () => {
        toast.success(t(disabled ? 'customers.enabled' : 'customers.disabledDone'));
        setOpen(false);
        setReason('');
      },
      onError: (err) => toast.error(errorText(err)),
    });
  }

  return (
    <Section title={t('customers.account')}>
      <p className="text-sm">{disabled ? t('customers.disabledSince', { time: formatStamp(c.disabledTime) }) : t('customers.active')}</p>
      {canManage ? (
        <Button size="sm" variant={disabled ? 'secondary' : 'danger'} className="mt-2" onClick={() => setOpen(true)}>
          {t(disabled ? 'customers.enable' : 'customers.disable')}
        </Button>
      ) : null}
      {history.length ? (
        <ul className="mt-2 space-y-1 text-xs text-gray-700">
          {history.map((a) => (
            <li key={a.id}>
              <span className="tabular-nums">{formatStamp(a.time)}</span> · {a.actor.name} ·{' '}
              {t(`order.action.${a.action.replace('.', '_')}`, { defaultValue: a.action })}
              {a.note ? <span className="text-gray-600"> — {a.note}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t(disabled ? 'customers.enableTitle' : 'customers.disableTitle')}
        role="alertdialog"
        initialFocus={box}
      >
        <form onSubmit={confirm} className="space-y-2 text-sm">
          <p>{t(disabled ? 'customers.enableWarning' : 'customers.disableWarning', { account: c.account })}</p>
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t(disabled ? 'customers.reasonOptional' : 'customers.reason')}</span>
            <textarea ref={box} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} required={!disabled} className={input} />
          </label>
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
              {t('customers.cancel')}
            </Button>
            <Button type="submit" size="sm" variant={disabled ? 'primary' : 'danger'} disabled={change.isPending || (!disabled && !reason.trim())}>
              {t(disabled ? 'customers.enableConfirm' : 'customers.disableConfirm')}
            </Button>
          </div>
        </form>
      </Dialog>
    </Section>
  );
}

function OrdersCard({ detail, canOpen }: { detail: TCustomerDetail; canOpen: boolean }) {
  const { t } = useTranslation('staff');
  const { t: to } = useTranslation('orders');
  const { orders } = detail;
  return (
    <Section title={t('customers.orders', { count: detail.customer.orderCount })}>
      {orders.length === 0 ? (
        <p className="text-sm text-gray-600">{t('customers.noOrders')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-gray-600">
              <tr>
                {(['id', 'date', 'status', 'payment', 'total', 'paid'] as const).map((col) => (
                  <th key={col} scope="col" className={cn('px-1.5 py-1 font-medium whitespace-nowrap', ['total', 'paid'].includes(col) && 'text-right')}>
                    {t(`customers.orderCol.${col}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} className="border-t border-gray-100">
                  <td className="px-1.5 py-1 tabular-nums">
                    {canOpen ? (
                      <Link to={`/admin/orders/${o.id}`} className="text-brand-700 hover:underline">
                        {o.id}
                      </Link>
                    ) : (
                      o.id
                    )}
                  </td>
                  <td className="px-1.5 py-1 whitespace-nowrap tabular-nums">{formatStamp(o.createdTime)}</td>
                  <td className="px-1.5 py-1 whitespace-nowrap">{to(`status.${o.status}`)}</td>
                  <td className="px-1.5 py-1 whitespace-nowrap">{to(`paymentStatus.${o.paymentStatus}`)}</td>
                  <td className="px-1.5 py-1 text-right whitespace-nowrap tabular-nums">{formatMoney(Math.round(o.totalAmount * 100), o.currency)}</td>
                  <td className="px-1.5 py-1 text-right whitespace-nowrap tabular-nums">{formatMoney(Math.round(o.paid * 100), o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function NotesCard({ detail, canManage }: { detail: TCustomerDetail; canManage: boolean }) {
  const { t } = useTranslation('staff');
  const [body, setBody] = useState('');
  const change = useCustomerChange(detail.customer.id, (text: string) => addCustomerNote(detail.customer.id, text));
  function add(event?: FormEvent) {
    event?.preventDefault();
    if (!body.trim() || change.isPending) return;
    change.mutate(body.trim(), {
      onSuccess: () => {
        setBody('');
        toast.success(t('customers.noteAdded'));
      },
      onError: (err) => toast.error(errorText(err)),
    });
  }
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) add();
  };
  return (
    <Section title={t('customers.notes')}>
      {canManage ? (
        <form onSubmit={add} className="mb-2 space-y-1">
          <label className="flex flex-col gap-0.5">
            <span className="sr-only">{t('customers.noteLabel')}</span>
            <textarea
              value={body}
              onChange={(e) => setBody(e.target.value)}
              onKeyDown={onKey}
              rows={2}
              maxLength={2000}
              placeholder={t('customers.notePlaceholder')}
              className={cn(input, 'w-full')}
            />
          </label>
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs text-gray-500">{t('customers.noteHint')}</span>
            <Button type="submit" size="sm" disabled={!body.trim() || change.isPending}>
              {t('customers.addNote')}
            </Button>
          </div>
        </form>
      ) : null}
      {detail.notes.length === 0 ? (
        <p className="text-sm text-gray-600">{t('customers.noNotes')}</p>
      ) : (
        <ul className="space-y-2" data-testid="customer-notes">
          {detail.notes.map((n) => (
            <li key={n.id} className="border-l-2 border-amber-300 pl-2 text-sm">
              <p className="whitespace-pre-wrap">{n.body}</p>
              <p className="text-xs text-gray-500">
                {n.author} · {formatStamp(n.createdTime)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function AddressesCard({ detail }: { detail: TCustomerDetail }) {
  const { t } = useTranslation('staff');
  return (
    <Section title={t('customers.addresses')}>
      {detail.addresses.length === 0 ? (
        <p className="text-sm text-gray-600">{t('customers.noAddresses')}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {detail.addresses.map((a) => (
            <li key={a.id} className="rounded border border-gray-100 p-2">
              {a.asDefault ? <span className="mb-1 inline-block rounded bg-gray-100 px-1 text-xs text-gray-700">{t('customers.defaultAddress')}</span> : null}
              <CopyBlock
                text={[
                  a.deliveryUser,
                  a.deliveryCompany,
                  a.deliveryAddress,
                  a.deliveryAddress2,
                  [a.deliveryCity, a.deliveryState, a.deliveryPostalCode].filter(Boolean).join(', '),
                  a.deliveryRegionId,
                  a.deliveryPhone,
                  a.deliveryTaxId,
                  a.deliveryShippingMark,
                ]
                  .filter(Boolean)
                  .join('\n')}
              />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
