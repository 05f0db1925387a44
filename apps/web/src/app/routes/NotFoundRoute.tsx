import type { MetaFunction, PrefetchFunction } from '../page';
import { NotFoundScreen } from './NotFoundScreen';

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}

/** Any path the shop does not have answers 404 (with this page). */
export const prefetch: PrefetchFunction = () => Promise.resolve({ status: 404 });

export const meta: MetaFunction = ({ t }) => ({ noindex: true, description: t('common:seo.notFound') });
