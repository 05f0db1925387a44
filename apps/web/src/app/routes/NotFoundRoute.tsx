import { NotFoundScreen } from './NotFoundScreen';

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
