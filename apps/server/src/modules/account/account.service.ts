import { hash, verify, type Options } from '@node-rs/argon2';
import { ZAccountName, ZEmail, ZPassword, type TUser } from '@cubeshop/shared';
import type { AccountRepository, UserRow } from './account.repository.js';

/** argon2id with OWASP's second recommended profile (19 MiB, 2 passes). */
const ARGON2: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export class AccountInputError extends Error {
  constructor(
    public readonly field: string,
    public readonly key: string,
  ) {
    super(`${field}: ${key}`);
    this.name = 'AccountInputError';
  }
}

export interface CreateUserInput {
  account: string;
  password?: string | undefined;
  email?: string | undefined;
  mobile?: string | undefined;
  name?: string | undefined;
  admin?: boolean | undefined;
  regionId?: string | undefined;
  locale?: 'zh' | 'en' | undefined;
}

export function toUser(row: UserRow): TUser {
  return {
    id: row.id,
    account: row.account,
    username: row.account,
    name: row.name,
    nickname: row.nickname,
    admin: row.admin,
    mobile: row.mobile,
    email: row.email,
    regionId: row.regionId,
    subscribeEmail: row.subscribeEmail,
  };
}

function check<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, field: string, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AccountInputError(field, result.error.issues[0]?.message ?? 'v.pattern');
  return result.data;
}

export function createAccountService(repo: AccountRepository) {
  return {
    hashPassword: (password: string) => hash(password, ARGON2),
    verifyPassword: (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false),

    /** Makes a user who can sign in at once (CLI `user create`, and sign-up later). */
    async createUser(input: CreateUserInput): Promise<TUser> {
      const account = check(ZAccountName, 'account', input.account);
      const email = input.email === undefined ? undefined : check(ZEmail, 'email', input.email);
      const password = input.password === undefined ? undefined : check(ZPassword, 'password', input.password);
      if (await repo.findByLogin(account)) throw new AccountInputError('account', 'exists');
      if (email && (await repo.findByLogin(email))) throw new AccountInputError('email', 'exists');
      const row = await repo.insert({
        account,
        email: email ?? null,
        mobile: input.mobile ?? null,
        name: input.name ?? account,
        nickname: input.name ?? account,
        passwordHash: password ? await hash(password, ARGON2) : null,
        admin: input.admin ?? false,
        regionId: input.regionId ?? null,
        locale: input.locale ?? 'zh',
      });
      return toUser(row);
    },

    async getUser(id: number): Promise<TUser | undefined> {
      const row = await repo.findById(id);
      return row ? toUser(row) : undefined;
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
