/**
 * Number of favourites for the header badge. The favourites API arrives with the favourites
 * issue; until then the count is 0 (anonymous visitors have none).
 */
export function useFavoritesCount(): number {
  return 0;
}
