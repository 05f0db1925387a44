// The supervisor of npm start, tested with real processes: small child scripts written to a temp
// folder, the supervisor in this process or as its own process (a runner script), and once over
// the real server. Only generous timeouts, no assertions on timings.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './lib.mjs';
import { supervise } from './supervise.mjs';

/** Short delays for tests; `signals: []` keeps the handlers off the test worker. */
const quick = {
  initialDelayMs: 20,
  maxDelayMs: 50,
  resetAfterMs: 60_000,
  fastCrashMs: 10_000,
  maxFastCrashes: 5,
  killAfterMs: 3000,
  signals: [],
  stdio: 'ignore',
};

let dir;
/** Processes this file started, killed in afterAll if a test left one behind. */
const started = new Set();

function writeScript(name, source) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, source);
  return file;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(what, check, timeout = 20_000) {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs the supervisor as its own process. Options go in as JSON; the runner prints `child <pid>`
 * on each start, and the supervisor's own log lines, on its stdout.
 */
function runSupervisor(options, env = process.env) {
  const runner = path.join(dir, 'runner.mjs');
  const proc = spawn(process.execPath, [runner], {
    cwd: root,
    env: { ...env, SUPERVISE_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(proc);
  let output = '';
  proc.stdout.on('data', (chunk) => (output += chunk));
  proc.stderr.on('data', (chunk) => (output += chunk));
  const exit = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    proc,
    exit,
    output: () => output,
    pids: () => [...output.matchAll(/^child (\d+)$/gm)].map((m) => Number(m[1])),
  };
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-supervise-'));
  const supervisor = pathToFileURL(path.join(root, 'scripts/supervise.mjs')).href;
  writeScript(
    'runner.mjs',
    `import { supervise } from ${JSON.stringify(supervisor)};
const options = JSON.parse(process.env.SUPERVISE_OPTIONS);
const supervisor = supervise({ ...options, onStart: (child) => process.stdout.write('child ' + child.pid + '\\n') });
process.exit(await supervisor.done);
`,
  );
});

afterAll(() => {
  for (const proc of started) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('supervise', () => {
  it('restarts a crashing child with back-off and gives up after the configured fast crashes, exiting non-zero', async () => {
    const crash = writeScript('crash.mjs', 'process.exit(3);\n');
    const run = runSupervisor({ ...quick, command: process.execPath, args: [crash], maxFastCrashes: 4 });
    const { code } = await run.exit;
    const output = run.output();
    expect(code, output).toBe(1);
    expect(run.pids()).toHaveLength(4);
    // Each crash is logged with its exit code and the delay before the restart: doubling, capped.
    const restarts = [...output.matchAll(/crashed \(exit code 3\) after [^;]+; restarting it in (\d+ ms)/g)].map((m) => m[1]);
    expect(restarts).toEqual(['20 ms', '40 ms', '50 ms']);
    expect(output).toMatch(/crashed 4 times in a row .*giving up/);
  });

  it('starts a child killed with SIGKILL again', async () => {
    const forever = writeScript('forever.mjs', 'setInterval(() => {}, 1000);\n');
    const logs = [];
    const supervisor = supervise({ ...quick, command: process.execPath, args: [forever], log: (m) => logs.push(m) });
    const first = await waitFor('the first start', () => supervisor.pid);
    process.kill(first, 'SIGKILL');
    const second = await waitFor('the restart', () => supervisor.starts === 2 && supervisor.pid);
    expect(second).not.toBe(first);
    expect(logs.join('\n')).toMatch(/crashed \(signal SIGKILL\)/);
    await expect(supervisor.stop()).resolves.toBe(0);
    expect(alive(second)).toBe(false);
    expect(supervisor.starts).toBe(2);
  });

  it('resets the back-off after a child stayed up for a while', async () => {
    // Each run lasts 200 ms, longer than resetAfterMs and fastCrashMs: never a fast crash.
    const late = writeScript('late-crash.mjs', 'setTimeout(() => process.exit(1), 200);\n');
    const logs = [];
    const supervisor = supervise({
      ...quick,
      command: process.execPath,
      args: [late],
      resetAfterMs: 100,
      fastCrashMs: 100,
      maxFastCrashes: 2,
      log: (m) => logs.push(m),
    });
    await waitFor('four starts', () => supervisor.starts >= 4);
    await expect(supervisor.stop()).resolves.toBe(0);
    const delays = [...logs.join('\n').matchAll(/restarting it in (\d+ ms)/g)].map((m) => m[1]);
    expect(delays.length).toBeGreaterThanOrEqual(3);
    expect(new Set(delays)).toEqual(new Set(['20 ms']));
  });

  it('forwards SIGTERM to the child, waits for it, restarts nothing and exits 0', async () => {
    const events = path.join(dir, 'graceful.log');
    const graceful = writeScript(
      'graceful.mjs',
      `import fs from 'node:fs';
process.on('SIGTERM', () => {
  fs.appendFileSync(${JSON.stringify(events)}, 'SIGTERM ' + process.pid + '\\n');
  setTimeout(() => process.exit(0), 300); // draining
});
setInterval(() => {}, 1000);
fs.appendFileSync(${JSON.stringify(events)}, 'start ' + process.pid + '\\n');
`,
    );
    const run = runSupervisor({ ...quick, command: process.execPath, args: [graceful], signals: ['SIGINT', 'SIGTERM'] });
    const [pid] = await waitFor('the child to start', () => fs.existsSync(events) && run.pids().length === 1 && run.pids());
    run.proc.kill('SIGTERM');
    const { code } = await run.exit;
    expect(code, run.output()).toBe(0);
    expect(fs.readFileSync(events, 'utf8')).toBe(`start ${pid}\nSIGTERM ${pid}\n`);
    expect(run.pids()).toEqual([pid]);
    expect(alive(pid)).toBe(false);
    expect(run.output()).toMatch(/received SIGTERM/);
  });

  it('kills a child that ignores SIGTERM after killAfterMs, and still exits 0', async () => {
    const stubborn = writeScript('stubborn.mjs', "process.on('SIGTERM', () => {});\nsetInterval(() => {}, 1000);\nprocess.stdout.write('ready\\n');\n");
    const logs = [];
    let ready = false;
    const supervisor = supervise({
      ...quick,
      command: process.execPath,
      args: [stubborn],
      stdio: ['ignore', 'pipe', 'inherit'],
      killAfterMs: 300,
      log: (m) => logs.push(m),
      onStart: (child) => child.stdout.on('data', () => (ready = true)),
    });
    await waitFor('the child to install its SIGTERM handler', () => ready);
    const pid = supervisor.pid;
    await expect(supervisor.stop()).resolves.toBe(0);
    expect(logs.join('\n')).toMatch(/did not exit within 300 ms of SIGTERM: killing it \(SIGKILL\)/);
    expect(alive(pid)).toBe(false);
    expect(supervisor.starts).toBe(1);
  });

  it('does not restart a child that exits 0', async () => {
    const clean = writeScript('clean.mjs', 'process.exit(0);\n');
    const logs = [];
    const supervisor = supervise({ ...quick, command: process.execPath, args: [clean], log: (m) => logs.push(m) });
    await expect(supervisor.done).resolves.toBe(0);
    expect(supervisor.starts).toBe(1);
    expect(logs.join('\n')).toMatch(/exited cleanly/);
  });

  // The real server, from its sources through tsx: killed, restarted (it takes the embedded
  // database's lock over from the dead process), then stopped with SIGTERM. Start-up migrates a
  // fresh PGlite database, which is slow on a busy machine, hence the long timeouts.
  it('keeps the real server up: a killed server comes back, SIGTERM stops it and exits 0', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(dir, 'data-'));
    const health = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
        return res.status === 200;
      } catch {
        return false;
      }
    };
    const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' };
    const run = runSupervisor({ command: process.execPath, args: ['--import', 'tsx', 'apps/server/src/server.ts'], initialDelayMs: 200 }, env);
    const failed = (what) => `${what}\n--- supervisor output ---\n${run.output()}`;

    await waitFor('the server to answer /api/health', health, 150_000).catch((err) => Promise.reject(new Error(failed(err.message))));
    const [first] = run.pids();
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8'));
    expect(lock.pid, failed('db.lock names the server')).toBe(first);

    process.kill(first, 'SIGKILL');
    const second = await waitFor('the restart', () => run.pids()[1], 30_000);
    expect(second).not.toBe(first);
    await waitFor('the restarted server to answer /api/health', health, 120_000).catch((err) => Promise.reject(new Error(failed(err.message))));
    expect(run.output()).toMatch(/server crashed \(signal SIGKILL\)/);

    run.proc.kill('SIGTERM');
    const { code } = await run.exit;
    expect(code, failed('supervisor exit code')).toBe(0);
    expect(run.pids()).toEqual([first, second]);
    expect(alive(second)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'db.lock')), failed('the server released its lock')).toBe(false);
    expect(await health()).toBe(false);
  });
});
