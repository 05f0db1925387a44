import { LoginScreen } from '@/features/account/components/LoginScreen';

export default function LoginRoute() {
  return <LoginScreen />;
}
