import { describe, expect, it } from 'vitest';
import { changePasswordSchema, codeLoginSchema, profileInfoSchema, registerFormSchema, resetFormSchema, type RegisterFormValues } from './schemas';

const firstErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
};

const filled: RegisterFormValues = {
  mode: 'email',
  email: 'li@example.com',
  mobile: '',
  name: 'Li Wei',
  regionId: 'CN',
  otp: '123456',
  account: '',
  password: '',
  confirmPassword: '',
  subscribe: true,
  agree: false,
};

describe('register form rules (shared zod rules)', () => {
  it('needs the contact of the chosen tab, name, country and code', () => {
    expect(firstErrors(registerFormSchema.safeParse({ ...filled, email: '', name: ' ', regionId: '', otp: '' }))).toEqual({
      email: 'v.required',
      name: 'v.required',
      regionId: 'v.required',
      otp: 'v.required',
    });
    // In mobile mode the missing contact is the mobile number, and the e-mail is not looked at.
    expect(firstErrors(registerFormSchema.safeParse({ ...filled, mode: 'mobile', email: 'junk' }))).toEqual({ mobile: 'v.required' });
    expect(firstErrors(registerFormSchema.safeParse({ ...filled, mode: 'mobile', mobile: '12812345678' }))).toEqual({ mobile: 'v.mobileCn' });
    expect(registerFormSchema.safeParse({ ...filled, mode: 'mobile', mobile: '13812345678' }).success).toBe(true);
  });

  it('leaves account, password and confirmation alone when empty, applies the rules when filled', () => {
    expect(registerFormSchema.safeParse(filled).success).toBe(true);
    expect(firstErrors(registerFormSchema.safeParse({ ...filled, account: 'ab', password: 'abc', confirmPassword: 'abc' }))).toEqual({
      account: 'v.account.min3',
      password: 'v.password.min',
    });
    expect(firstErrors(registerFormSchema.safeParse({ ...filled, password: 'onlyletters', confirmPassword: 'onlyletters' }))).toEqual({
      password: 'v.password.kinds',
    });
    expect(firstErrors(registerFormSchema.safeParse({ ...filled, password: 'Abc123', confirmPassword: '' }))).toEqual({ confirmPassword: 'v.required' });
    expect(firstErrors(registerFormSchema.safeParse({ ...filled, password: 'Abc123', confirmPassword: 'Abc124' }))).toEqual({
      confirmPassword: 'v.password.mismatch',
    });
    // The buyer's own e-mail is always accepted as the account name.
    expect(registerFormSchema.safeParse({ ...filled, account: 'Li@Example.com' }).success).toBe(true);
  });

  it('code login, reset and password change use the same rules', () => {
    expect(firstErrors(codeLoginSchema.safeParse({ mode: 'email', email: 'nope', mobile: '', otp: '12a' }))).toEqual({ email: 'v.email', otp: 'v.digits' });
    expect(firstErrors(codeLoginSchema.safeParse({ mode: 'mobile', email: '', mobile: '13812345678', otp: '12345' }))).toEqual({ otp: 'v.otp' });
    expect(
      firstErrors(resetFormSchema.safeParse({ mode: 'mobile', email: '', mobile: '', otp: '123456', password: 'Abc123', confirmPassword: 'Abc123' })),
    ).toEqual({ mobile: 'v.required' });
    expect(firstErrors(changePasswordSchema.safeParse({ oldPassword: '', newPassword: 'abcdefghijklmnopqrstu1', confirmPassword: 'x' }))).toEqual({
      oldPassword: 'v.required',
      newPassword: 'v.password.length',
      confirmPassword: 'v.password.mismatch',
    });
  });
});

describe('form messages', () => {
  it('carry the numbers a sentence needs and read in both languages', async () => {
    const { formMessage } = await import('@/lib/form-rules');
    const t = (key: string) => `t:${key}`;
    const tooLong = firstErrors(profileInfoSchema.safeParse({ name: 'x'.repeat(51), nickname: '', regionId: '' })).name;
    expect(tooLong).toBe('v.maxLength|max=50');
    expect(formMessage(tooLong, 'en', t)).toBe('At most 50 characters');
    expect(formMessage(tooLong, 'zh', t)).toBe('最多 50 个字符');
    expect(formMessage('v.email', 'zh', t)).toBe('邮箱地址无效');
    expect(formMessage('register.termsRequired', 'en', t)).toBe('t:register.termsRequired');
  });
});
