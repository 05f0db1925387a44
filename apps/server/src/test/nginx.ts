// nginx from the system's packages (Debian: /usr/sbin/nginx) as the test's own child process, in
// front of server processes: deploy/nginx/cubeshop.conf rendered with the test's ports, instances
// and a fresh self-signed certificate, with its own prefix, pid, temp and log files in a temp
// folder. The system's nginx service is never touched.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The production configuration, rendered as written (see renderSite). */
export const SITE_CONF = path.resolve(import.meta.dirname, '../../../../deploy/nginx/cubeshop.conf');

/** The nginx binary: NGINX_BIN, else Debian's /usr/sbin/nginx and the usual places. */
export function findNginx(): string | undefined {
  return [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((p): p is string => !!p && fs.existsSync(p));
}

export interface SiteValues {
  /** The plain-HTTP port (it only redirects). */
  httpPort: number;
  httpsPort: number;
  /** Ports of the server instances on 127.0.0.1. */
  instances: number[];
  certificate: string;
  certificateKey: string;
  /** Lines added to the HTTPS server block (test-only headers). */
  extra?: string[];
}

/**
 * The site file with the test's values in place of the production ones: each line it changes
 * must be found (a reworded configuration fails here instead of silently testing less). IPv6
 * listen lines go (CI containers may have no IPv6).
 */
export function renderSite(template: string, values: SiteValues): string {
  let out = template;
  const replace = (pattern: RegExp, by: (match: string, ...groups: string[]) => string, expected = 1) => {
    const all = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    const count = [...out.matchAll(all)].length;
    if (count !== expected) throw new Error(`deploy/nginx/cubeshop.conf: expected ${expected} line(s) matching ${pattern}, found ${count}`);
    out = out.replace(all, by);
  };
  // The upstream's instance lines: the first becomes one line per test instance (same parameters), the others go.
  const servers = [...out.matchAll(/^([ \t]*)server 127\.0\.0\.1:\d+((?: [^;\n]*)?);\n/gm)];
  if (servers.length < 1) throw new Error('deploy/nginx/cubeshop.conf: no "server 127.0.0.1:PORT ...;" line in the upstream');
  const [first] = servers;
  const lines = values.instances.map((port) => `${first![1]}server 127.0.0.1:${port}${first![2]};\n`).join('');
  let index = 0;
  out = out.replace(/^([ \t]*)server 127\.0\.0\.1:\d+((?: [^;\n]*)?);\n/gm, () => (index++ === 0 ? lines : ''));
  replace(/^([ \t]*)listen 80;$/m, (_m, indent) => `${indent}listen 127.0.0.1:${values.httpPort};`);
  replace(/^([ \t]*)listen 443 ssl http2;$/m, (_m, indent) => `${indent}listen 127.0.0.1:${values.httpsPort} ssl http2;`);
  replace(/^[ \t]*listen \[::\]:\d+[^;\n]*;\n/m, () => '', 2);
  replace(/^([ \t]*)ssl_certificate \S+;$/m, (_m, indent) => `${indent}ssl_certificate ${values.certificate};`);
  replace(
    /^([ \t]*)ssl_certificate_key \S+;$/m,
    (_m, indent) => `${indent}ssl_certificate_key ${values.certificateKey};${(values.extra ?? []).map((l) => `\n${indent}${l}`).join('')}`,
  );
  return out;
}

/** A self-signed certificate for 127.0.0.1 (openssl), valid for a day. */
export function selfSignedCertificate(dir: string): { certificate: string; certificateKey: string; pem: string } {
  const certificate = path.join(dir, 'cert.pem');
  const certificateKey = path.join(dir, 'key.pem');
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      certificateKey,
      '-out',
      certificate,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl could not make a test certificate (${result.error?.message ?? result.status}): ${result.stderr}`);
  return { certificate, certificateKey, pem: fs.readFileSync(certificate, 'utf8') };
}

export interface Nginx {
  /** https://127.0.0.1:<port> */
  url: string;
  /** http://127.0.0.1:<port> (redirects) */
  httpUrl: string;
  /** The certificate clients must trust. */
  ca: string;
  dir: string;
  /** nginx's error log so far. */
  errors(): string;
  stop(): Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts nginx (not as a daemon) with the site rendered for these instances; resolves once it listens. */
export async function startNginx(options: { instances: number[]; httpPort: number; httpsPort: number; extra?: string[] }): Promise<Nginx> {
  const bin = findNginx();
  if (!bin) throw new Error('no nginx binary (set NGINX_BIN or apt-get install nginx-light)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-nginx-'));
  const cert = selfSignedCertificate(dir);
  fs.writeFileSync(path.join(dir, 'cubeshop.conf'), renderSite(fs.readFileSync(SITE_CONF, 'utf8'), { ...options, ...cert }));
  const errorLog = path.join(dir, 'error.log');
  // What Debian's /etc/nginx/nginx.conf does around the site, pointed into the temp folder. As
  // root, nginx's workers would switch to nobody, who may not write into this root-owned folder.
  const main = [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${errorLog} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  log_format upstream \'$remote_addr "$request" $status $request_time upstream=$upstream_addr $upstream_status\';',
    `  access_log ${dir}/access.log upstream;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
    `  include ${dir}/cubeshop.conf;`,
    '}',
    '',
  ].join('\n');
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, main);
  const args = ['-p', dir, '-c', conf, '-e', errorLog];
  const check = spawnSync(bin, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0)
    throw new Error(`nginx -t refused the rendered configuration:\n${check.stderr}\n${fs.readFileSync(path.join(dir, 'cubeshop.conf'), 'utf8')}`);
  const child: ChildProcess = spawn(bin, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const errors = () => stderr + (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');
  const deadline = Date.now() + 10_000;
  while (!(await portOpen(options.httpsPort))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${errors()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `https://127.0.0.1:${options.httpsPort}`,
    httpUrl: `http://127.0.0.1:${options.httpPort}`,
    ca: cert.pem,
    dir,
    errors,
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await exit;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
