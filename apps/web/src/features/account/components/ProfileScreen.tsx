import { useEffect, useRef, type ReactNode } from 'react';
import { ClipboardList, Heart, KeyRound, MapPin, PenLine, User, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Card } from '@/components/ui/SkeletonField';
import { cn } from '@/components/ui/cn';
import { useAuthStore } from '@/lib/stores/auth';
import { AccountOverview, MyInfo } from './profile/AccountOverview';
import { ChangePasswordForm } from './profile/ChangePasswordForm';
import { EmptyState } from './profile/EmptyState';
import { ProfileInfoForm } from './profile/ProfileInfoForm';

export const PROFILE_SECTIONS = [
  { path: '/profile', key: 'overview', Icon: UserRound },
  { path: '/my-info', key: 'myInfo', Icon: User },
  { path: '/edit-name', key: 'editName', Icon: PenLine },
  { path: '/change-password', key: 'changePassword', Icon: KeyRound },
  { path: '/my-order', key: 'myOrder', Icon: ClipboardList },
  { path: '/my-favorite', key: 'myFavorite', Icon: Heart },
  { path: '/my-address', key: 'myAddress', Icon: MapPin },
] as const;

export type ProfileSectionKey = (typeof PROFILE_SECTIONS)[number]['key'];

/** The section of a path ("/my-info/" too); unknown paths show the overview. */
export function sectionOf(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PROFILE_SECTIONS.find((s) => s.path === path) ?? PROFILE_SECTIONS[0];
}

/** Sections another feature fills (orders, favourites, addresses); each falls back to an empty state. */
export type ProfileSlots = Partial<Record<'myOrder' | 'myFavorite' | 'myAddress', ReactNode>>;

const EMPTY = {
  myOrder: { Icon: ClipboardList, to: '/' },
  myFavorite: { Icon: Heart, to: '/' },
  myAddress: { Icon: MapPin, to: '/cart' },
} as const;

/** The empty state of a section another feature fills later. */
export function ProfileSectionEmpty({ section }: { section: keyof typeof EMPTY }) {
  const { t } = useTranslation('account');
  const { Icon, to } = EMPTY[section];
  return (
    <EmptyState
      Icon={Icon}
      title={t(`profile.empty.${section}.title`)}
      text={t(`profile.empty.${section}.text`)}
      action={{ to, label: t(`profile.empty.${section}.action`) }}
    />
  );
}

function SectionBody({ section, slots }: { section: ProfileSectionKey; slots: ProfileSlots }) {
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  switch (section) {
    case 'overview':
      return <AccountOverview user={user} />;
    case 'myInfo':
      return <MyInfo user={user} />;
    case 'editName':
      return <ProfileInfoForm key={user.id} user={user} />;
    case 'changePassword':
      return <ChangePasswordForm />;
    case 'myOrder':
    case 'myFavorite':
    case 'myAddress':
      return slots[section] ?? <ProfileSectionEmpty section={section} />;
  }
}

/**
 * One screen for /profile, /my-info, /edit-name, /change-password, /my-order, /my-favorite and
 * /my-address: the navigation is by path, the section follows it.
 */
export function ProfileScreen({ slots = {} }: { slots?: ProfileSlots }) {
  const { t } = useTranslation('account');
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  const navRef = useRef<HTMLElement>(null);
  // On a phone the sections are a sideways strip: keep the current one in view.
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="grid gap-4 md:grid-cols-[14rem_1fr] md:gap-6">
      <nav ref={navRef} aria-label={t('profile.navLabel')} className="-mx-3 overflow-x-auto px-3 pb-1 md:mx-0 md:overflow-visible md:px-0 md:pb-0">
        <ul className="flex gap-2 md:flex-col md:gap-0.5 md:rounded-lg md:border md:border-gray-200 md:bg-white md:p-2">
          {PROFILE_SECTIONS.map(({ path, key, Icon }) => (
            <li key={path} className="shrink-0">
              <NavLink
                to={path}
                end
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-2 rounded-md px-3 py-2 text-sm whitespace-nowrap',
                    isActive
                      ? 'border border-brand-200 bg-brand-50 font-medium text-brand-700 md:border-0'
                      : 'border border-gray-200 bg-white text-gray-700 hover:bg-gray-100 md:border-0',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(`profile.sections.${key}.title`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Card className="min-w-0">
        <h1 className="text-xl font-bold text-ink">{t(`profile.sections.${current.key}.title`)}</h1>
        <p className="mt-1 mb-5 text-sm text-gray-600">{t(`profile.sections.${current.key}.text`)}</p>
        <SectionBody section={current.key} slots={slots} />
      </Card>
    </div>
  );
}
