import { SettingsScreen } from '@/features/staff-settings/components/SettingsScreen';
import { StaffGate } from './StaffGate';

/** /admin/settings: exchange rate, shipping and payment, bank details, carousel, contacts (owner). */
export default function StaffSettingsRoute() {
  return <StaffGate needs="settings.manage">{() => <SettingsScreen />}</StaffGate>;
}
