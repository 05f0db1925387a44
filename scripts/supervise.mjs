// Keeps one long-running child process up: npm start runs the server under it. Plain Node, no
// dependencies (like lib.mjs). A child that dies unexpectedly is started again after a back-off
// delay; repeated fast crashes end the supervisor; SIGINT/SIGTERM stop the child and nothing else.
import { spawn } from 'node:child_process';
import { log as defaultLog, root } from './lib.mjs';

/**
 * @typedef {object} SuperviseOptions
 * @property {string} command              program to run, e.g. process.execPath
 * @property {string[]} [args]             its arguments
 * @property {NodeJS.ProcessEnv} [env]     its environment (default: ours)
 * @property {string} [cwd]                its working directory (default: the repository root)
 * @property {import('node:child_process').StdioOptions} [stdio]  default 'inherit'
 * @property {string} [name]               what the log lines call the child (default 'server')
 * @property {number} [initialDelayMs]     first restart delay (1 s); doubles on each crash ...
 * @property {number} [maxDelayMs]         ... up to this (30 s)
 * @property {number} [resetAfterMs]       a child that stayed up this long restarts after the first delay again (60 s)
 * @property {number} [fastCrashMs]        a crash within this time of the start is a fast crash (10 s)
 * @property {number} [maxFastCrashes]     give up after this many fast crashes in a row (5)
 * @property {number} [killAfterMs]        after a stop was asked, SIGKILL a child still running this late (15 s)
 * @property {NodeJS.Signals[]} [signals]  signals of this process that stop the child (SIGINT, SIGTERM); [] for none
 * @property {(message: string) => void} [log]  where the supervisor reports (default: lib.mjs log)
 * @property {(child: import('node:child_process').ChildProcess, start: number) => void} [onStart]  called after each spawn
 */

/**
 * @typedef {object} Supervisor
 * @property {number | undefined} pid      the running child's pid (undefined between runs)
 * @property {number} starts               how many times the child was started
 * @property {(signal?: NodeJS.Signals) => Promise<number>} stop  forwards the signal (SIGTERM) and waits
 * @property {Promise<number>} done        the exit code for the supervisor: 0 after a stop or a clean
 *                                         exit (code 0) of the child, 1 when it gave up
 */

/** "250 ms", "4 s", "2.5 s" */
function duration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** "exit code 1", "signal SIGKILL" */
function howItEnded(code, signal) {
  if (signal) return `signal ${signal}`;
  return code === null ? 'it did not start' : `exit code ${code}`;
}

/**
 * Runs `command` and keeps it running. Never calls process.exit: await `done` and exit with it.
 * @param {SuperviseOptions} options
 * @returns {Supervisor}
 */
export function supervise(options) {
  const {
    command,
    args = [],
    env = process.env,
    cwd = root,
    stdio = 'inherit',
    name = 'server',
    initialDelayMs = 1000,
    maxDelayMs = 30_000,
    resetAfterMs = 60_000,
    fastCrashMs = 10_000,
    maxFastCrashes = 5,
    killAfterMs = 15_000,
    signals = ['SIGINT', 'SIGTERM'],
    log = defaultLog,
    onStart,
  } = options;

  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  let starts = 0;
  let delay = initialDelayMs;
  let fastCrashes = 0;
  let stopping = false;
  let finished = false;
  /** @type {NodeJS.Timeout | undefined} */
  let restartTimer;
  /** @type {NodeJS.Timeout | undefined} */
  let killTimer;
  /** @type {(code: number) => void} */
  let resolveDone = () => {};
  const done = new Promise((resolve) => (resolveDone = resolve));

  const onSignal = (/** @type {NodeJS.Signals} */ signal) => {
    log(`received ${signal}: stopping the ${name}${child ? ` (pid ${child.pid})` : ''} ...`);
    void stop(signal);
  };
  for (const signal of signals) process.on(signal, onSignal);

  function finish(code) {
    if (finished) return;
    finished = true;
    clearTimeout(restartTimer);
    clearTimeout(killTimer);
    for (const signal of signals) process.off(signal, onSignal);
    resolveDone(code);
  }

  function start() {
    restartTimer = undefined;
    starts += 1;
    const startedAt = Date.now();
    const current = spawn(command, args, { cwd, env, stdio });
    child = current;
    let ended = false;
    const onEnd = (code, signal) => {
      if (ended) return;
      ended = true;
      if (child === current) child = undefined;
      exited(code, signal, Date.now() - startedAt);
    };
    current.on('exit', onEnd);
    current.on('error', (err) => {
      // Spawning failed (no pid); errors of kill() on a running child are not exits.
      if (current.pid === undefined) {
        log(`could not start the ${name}: ${err.message}`);
        onEnd(null, null);
      }
    });
    if (current.pid !== undefined) {
      log(starts === 1 ? `${name} started (pid ${current.pid})` : `${name} restarted (pid ${current.pid}, start ${starts})`);
      onStart?.(current, starts);
    }
  }

  function exited(code, signal, uptime) {
    if (stopping) {
      log(`${name} stopped (${howItEnded(code, signal)})`);
      finish(0);
      return;
    }
    if (code === 0) {
      log(`${name} exited cleanly (exit code 0) after ${duration(uptime)}; not restarting it`);
      finish(0);
      return;
    }
    if (uptime >= resetAfterMs) delay = initialDelayMs;
    fastCrashes = uptime < fastCrashMs ? fastCrashes + 1 : 0;
    const what = `${name} crashed (${howItEnded(code, signal)}) after ${duration(uptime)}`;
    if (fastCrashes >= maxFastCrashes) {
      log(`${what}. It crashed ${fastCrashes} times in a row within ${duration(fastCrashMs)} of starting: giving up.`);
      finish(1);
      return;
    }
    log(`${what}; restarting it in ${duration(delay)}`);
    restartTimer = setTimeout(start, delay);
    delay = Math.min(delay * 2, maxDelayMs);
  }

  /** @param {NodeJS.Signals} [signal] */
  function stop(signal = 'SIGTERM') {
    if (finished) return done;
    const first = !stopping;
    stopping = true;
    clearTimeout(restartTimer);
    if (!child) {
      // Waiting for a restart: there is nothing to stop.
      log(`${name} stopped`);
      finish(0);
      return done;
    }
    child.kill(signal);
    if (first) {
      const running = child;
      killTimer = setTimeout(() => {
        log(`${name} (pid ${running.pid}) did not exit within ${duration(killAfterMs)} of ${signal}: killing it (SIGKILL)`);
        running.kill('SIGKILL');
      }, killAfterMs);
    }
    return done;
  }

  start();
  return {
    get pid() {
      return child?.pid;
    },
    get starts() {
      return starts;
    },
    stop,
    done,
  };
}
