import { parseArgs } from 'node:util';
import { validationMessage } from '@cubeshop/shared';
import type { Services } from '../services.js';
import { AccountInputError } from '../modules/account/account.service.js';
import { DEMO_SKUS, seedCatalog } from '../db/seed/catalog.js';
import { seedIfEmpty } from '../db/seed/index.js';

export interface CommandResult {
  code: number;
  output: string;
}

export const USAGE = `Usage: npx cubeshop <command>

Commands:
  user create --account A --password P [--email E] [--name N] [--admin]
      Make a user who can sign in at once; --admin sets the admin flag.
  seed [--skus N] [--reset]
      Seed the demo data if missing, then grow the generated catalog to N SKUs (default ${DEMO_SKUS});
      --reset deletes every product, category, brand and favourite first. 100000 SKUs make the
      benchmark catalog.
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
  if (group === 'seed') return seed(argv.slice(1), services);
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

async function seed(args: string[], services: Services): Promise<CommandResult> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { skus: { type: 'string' }, reset: { type: 'boolean', default: false } }, strict: true }));
  } catch (err) {
    return { code: 2, output: `${(err as Error).message}\n\n${USAGE}` };
  }
  const skus = values.skus === undefined ? DEMO_SKUS : Number(values.skus);
  if (!Number.isInteger(skus) || skus < 0 || skus > 2_000_000) return { code: 2, output: `--skus must be a whole number from 0 to 2000000\n\n${USAGE}` };
  const started = Date.now();
  if (values.reset) await services.catalog.deleteCatalog();
  const { added, total } = await seedCatalog(services, { skus });
  await seedIfEmpty(services);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { code: 0, output: `Catalog: ${total} SKUs (added ${added} in ${seconds} s).` };
}
