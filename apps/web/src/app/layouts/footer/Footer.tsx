import { useState, type ReactNode } from 'react';
import { Award, BadgeCheck, Boxes, Mail, MapPin, MessageCircle, Phone, ShieldCheck, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { SHOP_CLAIMS } from '@cubeshop/shared';
import { Dialog } from '@/components/ui/Dialog';
import { cn } from '@/components/ui/cn';
import { NewsletterBlock } from '@/features/newsletter/NewsletterBlock';
import { useShopContact, type ShopContact } from '@/lib/shop-settings';
import { CHAT_OPEN_PARAM } from '@/lib/chat/open-param';
import { loginPath } from '@/lib/navigation';
import { confirmDialog } from '@/lib/stores/modal';
import { useAuthStore } from '@/lib/stores/auth';
import { CONTACT_CHANNELS, COPYRIGHT_FROM, FOOTER_LINKS, RECORD_FILING_URL, type ContactChannel } from './channels';
import { QQGlyph, WeChatGlyph, WhatsAppGlyph } from './SocialIcons';
import { useSkusInStock } from '@/lib/skus-in-stock';

const glyphs = { wechat: WeChatGlyph, qq: QQGlyph, whatsapp: WhatsAppGlyph } as const;
const glyphColors = { wechat: 'bg-[#07c160]', qq: 'bg-[#12b7f5]', whatsapp: 'bg-[#25d366]' } as const;

/** The id shown under a channel's code: the owner's setting for WeChat and WhatsApp. */
const channelId = (channel: ContactChannel, contact: ShopContact, t: (key: string) => string) =>
  channel.key === 'wechat' ? contact.wechat || t(channel.idKey) : channel.key === 'whatsapp' ? contact.whatsapp || t(channel.idKey) : t(channel.idKey);

function QrPopup({ channel, onClose }: { channel: ContactChannel | null; onClose: () => void }) {
  const { t } = useTranslation('common');
  const contact = useShopContact();
  const name = channel ? t(`footer.${channel.key}`) : '';
  return (
    <Dialog open={channel !== null} onClose={onClose} title={name} className="max-w-xs text-center">
      {channel ? (
        <div className="mt-4 flex flex-col items-center gap-3">
          <img src={channel.qr} alt={t('footer.qrAlt', { name })} width={200} height={200} className="size-48 rounded border border-gray-200" />
          <p className="text-sm text-gray-600">{t(`footer.scan.${channel.key}`, { id: channelId(channel, contact, t) })}</p>
        </div>
      ) : null}
    </Dialog>
  );
}

function ColumnTitle({ children }: { children: ReactNode }) {
  return <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{children}</h2>;
}

/** Footer of docs/requirements.md, Screens. */
/** The footer loads (and hydrates) after the page: it marks itself interactive (data-ready). */
const readyMark = (element: HTMLElement | null) => {
  if (element) element.dataset.ready = 'true';
};

export function Footer() {
  const { t } = useTranslation('common');
  const [qr, setQr] = useState<ContactChannel | null>(null);
  // The owner's contact details (back office settings), the built-in ones while they load.
  const contact = useShopContact();
  const year = Math.max(new Date().getFullYear(), COPYRIGHT_FROM);
  // Products in stock from real counts (prefetched with the page); left out if they could not be read.
  const skus = useSkusInStock();
  const advantages = [
    { Icon: Award, text: t('footer.advantages.supplyChain', { years: SHOP_CLAIMS.supplyChainYears }) },
    ...(skus ? [{ Icon: Boxes, text: t('footer.advantages.stock', skus) }] : []),
    { Icon: BadgeCheck, text: t('footer.advantages.brands', { brands: SHOP_CLAIMS.brandAuthorizations }) },
    { Icon: ShieldCheck, text: t('footer.advantages.certified') },
    { Icon: Truck, text: t('footer.advantages.shipping') },
  ];
  const quickLinks = [
    { to: '/customization', key: 'footer.links.customization' },
    { to: '/brand-authorization', key: 'footer.links.brandAuthorization' },
    { to: '/orders-shipping-policy', key: 'footer.links.ordersShippingPolicy' },
    { to: '/about-us', key: 'footer.links.aboutUs' },
  ];
  // Links are at least 24 px tall (WCAG 2.2 target size) so they are easy to tap on a phone.
  const linkClass = 'inline-flex min-h-6 items-center hover:text-white hover:underline';
  // Visitors get no chat widget (docs/requirements.md, Screens, Frame); this entry says why and signs them in straight into a chat on this page.
  const anonymous = useAuthStore((s) => s.isAnonymous);
  const navigate = useNavigate();
  const location = useLocation();
  const askToSignIn = async () => {
    const ok = await confirmDialog({
      type: 'info',
      title: t('footer.serviceTitle'),
      message: t('footer.serviceText'),
      confirmButtonText: t('footer.serviceSignIn'),
      cancelButtonText: t('ui.cancel'),
    });
    if (!ok) return;
    const search = new URLSearchParams(location.search);
    search.set(CHAT_OPEN_PARAM, '1');
    void navigate(loginPath(`${location.pathname}?${search.toString()}`));
  };

  return (
    <footer ref={readyMark} className="mt-12 bg-gray-900 text-sm text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <ColumnTitle>
            <span id="footer-contact">{t('footer.contactTitle')}</span>
          </ColumnTitle>
          <p className="mb-3 font-medium text-white">{t('contact.company')}</p>
          <ul className="space-y-2">
            <li className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400" />
              <span>
                <span className="sr-only">{t('footer.addressLabel')}: </span>
                {contact.address}
              </span>
            </li>
            <li className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400" />
              <span className="sr-only">{t('footer.phoneLabel')}: </span>
              <a className={linkClass} href={`tel:${contact.phone.replace(/\s+/g, '')}`} data-testid="footer-phone">
                {contact.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400" />
              <span className="sr-only">{t('footer.emailLabel')}: </span>
              <a className={cn(linkClass, 'break-all')} href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </li>
            {anonymous ? (
              <li className="flex gap-2">
                <MessageCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400" />
                <button type="button" className={cn(linkClass, 'text-left')} onClick={askToSignIn} data-testid="service-entry">
                  {t('footer.service')}
                </button>
              </li>
            ) : null}
          </ul>
          <p className="mt-4 mb-2 text-xs text-gray-400">{t('footer.follow')}</p>
          <div className="flex gap-3">
            {CONTACT_CHANNELS.map((channel) => {
              const Glyph = glyphs[channel.key];
              return (
                <button
                  key={channel.key}
                  type="button"
                  onClick={() => setQr(channel)}
                  aria-label={t(`footer.${channel.key}`)}
                  title={t(`footer.${channel.key}`)}
                  className={cn(
                    'inline-flex size-10 items-center justify-center rounded-full text-white transition-transform hover:scale-105',
                    glyphColors[channel.key],
                  )}
                >
                  <Glyph className="size-5" />
                </button>
              );
            })}
          </div>
        </section>

        <section aria-labelledby="footer-advantages">
          <ColumnTitle>
            <span id="footer-advantages">{t('footer.advantagesTitle')}</span>
          </ColumnTitle>
          <ul className="space-y-2">
            {advantages.map(({ Icon, text }) => (
              <li key={text} className="flex gap-2">
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-400" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </section>

        <nav aria-labelledby="footer-links">
          <ColumnTitle>
            <span id="footer-links">{t('footer.quickLinksTitle')}</span>
          </ColumnTitle>
          <ul className="space-y-2">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <NewsletterBlock />
      </div>

      <div className="border-t border-gray-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-gray-400 md:flex-row md:items-center md:justify-between">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{t('footer.copyright', { from: COPYRIGHT_FROM, year, company: t('contact.company') })}</span>
            <span className="sr-only">{t('footer.friendLinks')}:</span>
            {FOOTER_LINKS.map((link) => (
              <a key={link.url} href={link.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t(link.textKey)}
                <span className="sr-only"> {t('footer.newTab')}</span>
              </a>
            ))}
          </p>
          <p>
            <a href={RECORD_FILING_URL} target="_blank" rel="noopener noreferrer" className={linkClass} title={t('footer.recordFilingLabel')}>
              {t('footer.recordFiling')}
              <span className="sr-only"> {t('footer.newTab')}</span>
            </a>
          </p>
        </div>
      </div>

      <QrPopup channel={qr} onClose={() => setQr(null)} />
    </footer>
  );
}
