import { ActivityLog } from '@/features/admin-activity/components/ActivityLog';
import { StaffGate } from './StaffGate';

/** /admin/activity: the staff activity log (owner). */
export default function AdminActivityRoute() {
  return <StaffGate needs="audit.read">{() => <ActivityLog />}</StaffGate>;
}
