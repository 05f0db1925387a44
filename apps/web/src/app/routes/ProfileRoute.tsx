import { lazy, Suspense, type ComponentType } from 'react';
import { Skeleton } from '@/components/ui/Skeleton';
import { ProfileScreen, ProfileSectionEmpty, type ProfileSlots } from '@/features/account/components/ProfileScreen';

/** The favourites list belongs to the favourites feature, loaded when its section opens. */
const FavoritesSection = lazy(async () => ({ default: (await import('@/features/favorites/components/FavoritesSection')).FavoritesSection }));

/** My orders and my addresses, plugged in the same way (orders feature, cart feature). */
const ordersModules = import.meta.glob<{ OrdersSection?: ComponentType }>('../../features/orders/components/OrdersSection.tsx');
const loadOrders = Object.values(ordersModules)[0];
const OrdersSection = loadOrders
  ? lazy(async () => {
      const module = await loadOrders();
      return { default: module.OrdersSection ?? (() => <ProfileSectionEmpty section="myOrder" />) };
    })
  : null;
const addressesModules = import.meta.glob<{ AddressesSection?: ComponentType }>('../../features/cart/components/AddressesSection.tsx');
const loadAddresses = Object.values(addressesModules)[0];
const AddressesSection = loadAddresses
  ? lazy(async () => {
      const module = await loadAddresses();
      return { default: module.AddressesSection ?? (() => <ProfileSectionEmpty section="myAddress" />) };
    })
  : null;

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
};
if (OrdersSection) {
  slots.myOrder = (
    <Suspense fallback={<SectionSkeleton />}>
      <OrdersSection />
    </Suspense>
  );
}
if (AddressesSection) {
  slots.myAddress = (
    <Suspense fallback={<SectionSkeleton />}>
      <AddressesSection />
    </Suspense>
  );
}

/** /profile, /change-password, /my-info, /edit-name, /my-favorite, /my-order, /my-address. */
export default function ProfileRoute() {
  return <ProfileScreen slots={slots} />;
}
