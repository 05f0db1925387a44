import { SetPasswordScreen } from '@/features/account/components/SetPasswordScreen';

/** /set-password#<token>: the link of a staff invitation or a forced password reset (public). */
export default function SetPasswordRoute() {
  return <SetPasswordScreen />;
}
