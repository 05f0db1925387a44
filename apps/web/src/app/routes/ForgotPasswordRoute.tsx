import { ForgotPasswordScreen } from '@/features/account/components/ForgotPasswordScreen';

export default function ForgotPasswordRoute() {
  return <ForgotPasswordScreen />;
}
