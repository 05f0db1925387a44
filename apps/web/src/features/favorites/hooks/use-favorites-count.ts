import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '@/lib/stores/auth';
import { favoritesCountQuery } from '../api/get-favorites';

/**
 * Number of favourites for the header badge: GET /api/favorites for a signed-in buyer (cached 2
 * minutes, refetched after a change and when the locale changes); 0 for anonymous visitors.
 */
export function useFavoritesCount(): number {
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const { data } = useQuery({ ...favoritesCountQuery(), enabled: !isAnonymous });
  return isAnonymous ? 0 : (data ?? 0);
}
