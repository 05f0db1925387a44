import { AdminConsole } from '@/features/customer-service/AdminConsole';
import { StaffGate } from './StaffGate';

/** /admin/customer-service: the chat console in the staff frame, for every role with the `chat` capability. */
export default function StaffCustomerServiceRoute() {
  return <StaffGate needs="chat">{() => <AdminConsole />}</StaffGate>;
}
