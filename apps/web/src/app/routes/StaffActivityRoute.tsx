import { ActivityLog } from '@/features/staff-activity/components/ActivityLog';
import { StaffGate } from './StaffGate';

/** /admin/activity: the staff activity log (owner). */
export default function StaffActivityRoute() {
  return <StaffGate needs="audit.read">{() => <ActivityLog />}</StaffGate>;
}
