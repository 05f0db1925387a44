import { parseArgs } from 'node:util';
import { validationMessage } from '@cubeshop/shared';
import type { Services } from '../services.js';
import { AccountInputError } from '../modules/account/account.service.js';

export interface CommandResult {
  code: number;
  output: string;
}

export const USAGE = `Usage: npx cubeshop <command>

Commands:
  user create --account A --password P [--email E] [--name N] [--admin]
      Make a user who can sign in at once; --admin sets the admin flag.
  help
      Show this text.

The CLI reads DATA_DIR and DATABASE_URL like the server. With the embedded database it talks to
the running server (if any) through a loopback channel, otherwise it opens the data folder itself.`;

/**
 * Runs one CLI command against the services. Used both by the CLI process (when it owns the
 * database) and by the server's loopback CLI channel (when the server owns it).
 */
export async function runCommand(argv: string[], services: Services): Promise<CommandResult> {
  const [group, action, ...rest] = argv;
  if (!group || group === 'help' || group === '--help') return { code: 0, output: USAGE };
  if (group === 'user' && action === 'create') return userCreate(rest, services);
  return { code: 2, output: `Unknown command: ${argv.join(' ')}\n\n${USAGE}` };
}

async function userCreate(args: string[], services: Services): Promise<CommandResult> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        account: { type: 'string' },
        password: { type: 'string' },
        email: { type: 'string' },
        name: { type: 'string' },
        admin: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (err) {
    return { code: 2, output: `${(err as Error).message}\n\n${USAGE}` };
  }
  if (!values.account || !values.password) return { code: 2, output: `--account and --password are required\n\n${USAGE}` };
  try {
    const user = await services.account.createUser({
      account: values.account,
      password: values.password,
      email: values.email,
      name: values.name,
      admin: values.admin,
    });
    return { code: 0, output: `Created user ${user.account} (id ${user.id}${user.admin ? ', admin' : ''}).` };
  } catch (err) {
    if (err instanceof AccountInputError) {
      const reason = err.key === 'exists' ? 'already exists' : validationMessage(err.key, 'en');
      return { code: 1, output: `Cannot create user: ${err.field} ${reason}` };
    }
    throw err;
  }
}
