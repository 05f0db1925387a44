import { RegisterScreen } from '@/features/account/components/RegisterScreen';

export default function RegisterRoute() {
  return <RegisterScreen />;
}
