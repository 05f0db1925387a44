import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { ConfirmModalHost } from '@/components/ui/ConfirmModalHost';
import { IconSprite } from '@/components/ui/SpriteIcon';
import { LoadingOverlay } from '@/components/ui/LoadingOverlay';
import { RouteSpinner } from '@/components/ui/Spinner';
import { Toaster } from '@/components/ui/Toaster';
import { takeArrival } from '@/lib/arrival';
import { lazyOptional } from '@/lib/lazy';
import { useAuthStore } from '@/lib/stores/auth';
import { usePageTitleStore } from '@/lib/stores/title';
import { toast } from '@/lib/stores/toast';
import { shellFor } from '../shell';
import { buildTitle, titleKeyOf } from '../title';
import { CartLayout } from './CartLayout';
import { LazyFooter } from './footer/LazyFooter';
import { Header } from './header/Header';
import { DesktopSidebar, MobileSidebar } from './sidebar/Sidebar';

// Signed-in users only: visitors never load the chat button's code.
const ChatWidget = lazyOptional(() => import('@/features/chat/ChatWidget').then((module) => module.ChatWidget));

/** After a full page load that asked for it (sign-up, sign-in): start at the top and show its message. */
function useArrival() {
  useEffect(() => {
    const arrival = takeArrival();
    if (!arrival) return;
    window.scrollTo(0, 0);
    // Once more after the first paint: the router restores scroll positions in a layout effect.
    const frame = requestAnimationFrame(() => window.scrollTo(0, 0));
    if (arrival.message) toast.success(arrival.message);
    return () => cancelAnimationFrame(frame);
  }, []);
}

/**
 * Where the router keeps a page's scroll position. Every document's first history entry has the
 * key 'default', so after a full page load (sign-up, sign-in) the new page would take the old
 * page's position; the first entry is keyed by its URL instead.
 */
function scrollKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/** Marks the page interactive (<html data-ready>) once React has rendered or hydrated the shell. */
function useReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
}

/**
 * Sets document.title from the deepest route's title key (the title rule). A component of its own
 * that draws nothing: a page naming itself (usePageTitle, in an effect after hydration) re-renders
 * only this, not the header, sidebar and footer around it (a 100 ms task on a slow phone).
 */
function DocumentTitle() {
  useRouteTitle();
  return null;
}

function useRouteTitle() {
  const { t } = useTranslation('common');
  const matches = useMatches();
  const override = usePageTitleStore((s) => s.override);
  const key = titleKeyOf(matches);
  const title = buildTitle(override ?? (key ? t(key) : undefined), t('app.name'));
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The app frame: header, sidebar, content, footer, chat widget, toasts, modal, loading overlay. */
export function RootLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const shell = shellFor(pathname, isAnonymous);
  useArrival();
  useReadyMark();

  const content = (
    <Suspense fallback={<RouteSpinner label={t('ui.loading')} />}>
      <Outlet />
    </Suspense>
  );

  return (
    // With the chat launcher (fixed at the bottom right) the page keeps room for it below its last line.
    <div className={shell.chat ? 'chat-launcher-room flex min-h-screen flex-col' : 'flex min-h-screen flex-col'}>
      <a href="#main" className="sr-only z-[95] rounded bg-white px-3 py-2 text-sm shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        {t('nav.skipToContent')}
      </a>
      {/* Boundaries around the header and sidebars as around the page: on a server-rendered page
          each hydrates on its own, at low priority and in slices, so no part of the frame makes
          one long task of the first hydration (a boundary being tapped hydrates first). */}
      {shell.header ? (
        <Suspense fallback={null}>
          <Header />
        </Suspense>
      ) : null}
      {shell.layout === 'bare' ? (
        <main id="main" className="flex flex-1 flex-col">
          {content}
        </main>
      ) : shell.layout === 'cart' ? (
        <CartLayout>{content}</CartLayout>
      ) : (
        <div className="mx-auto flex w-full max-w-7xl flex-1 gap-6 px-3 py-4 sm:px-4 md:py-6">
          {shell.sidebar ? (
            <Suspense fallback={null}>
              <DesktopSidebar />
            </Suspense>
          ) : null}
          <main id="main" className="min-w-0 flex-1">
            {shell.sidebar ? (
              <Suspense fallback={null}>
                <MobileSidebar />
              </Suspense>
            ) : null}
            {content}
          </main>
        </div>
      )}
      {shell.footer ? <LazyFooter /> : null}
      {shell.chat ? (
        <Suspense fallback={null}>
          <ChatWidget />
        </Suspense>
      ) : null}
      <Toaster />
      <ConfirmModalHost />
      <LoadingOverlay />
      <ScrollRestoration getKey={scrollKey} />
      <IconSprite />
      <DocumentTitle />
    </div>
  );
}
