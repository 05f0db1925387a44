import { ChatConsole } from '@/features/customer-service/ChatConsole';
import { StaffGate } from './StaffGate';

/** /admin/customer-service: the chat console in the staff frame, for every role with the `chat` capability. */
export default function StaffCustomerServiceRoute() {
  return <StaffGate needs="chat">{() => <ChatConsole />}</StaffGate>;
}
