import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/Skeleton';
import { ProfileScreen, type ProfileSlots } from '@/features/account/components/ProfileScreen';

/**
 * The sections other features own, each loaded when it opens: my favourites (favorites), my
 * orders (orders), my addresses (addresses).
 */
const FavoritesSection = lazy(async () => ({ default: (await import('@/features/favorites/components/FavoritesSection')).FavoritesSection }));
const OrdersSection = lazy(async () => ({ default: (await import('@/features/orders/components/OrdersSection')).OrdersSection }));
const AddressesSection = lazy(async () => ({ default: (await import('@/features/addresses/components/AddressesSection')).AddressesSection }));

function SectionSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="aspect-square w-full" />
      ))}
    </div>
  );
}

const slots: ProfileSlots = {
  myFavorite: (
    <Suspense fallback={<SectionSkeleton />}>
      <FavoritesSection pageLink />
    </Suspense>
  ),
  myOrder: (
    <Suspense fallback={<SectionSkeleton />}>
      <OrdersSection />
    </Suspense>
  ),
  myAddress: (
    <Suspense fallback={<SectionSkeleton />}>
      <AddressesSection />
    </Suspense>
  ),
};

/** /profile, /change-password, /my-info, /edit-name, /my-favorite, /my-order, /my-address. */
export default function ProfileRoute() {
  return <ProfileScreen slots={slots} />;
}
