/**
 * `--no-network` in the CLI for every way a tool's Python reaches Node, not only the FetchGuard's
 * `fetch`: `js.process.getBuiltinModule('http')`, `import('node:net')` through `js.Function`,
 * `js.require` where there is one. While the lock is closed, Node's own modules refuse: a socket's
 * `connect` (net, and through it http, https, tls, http2, fetch and WebSocket), DNS (`dns` and
 * `dns/promises`, a channel out of its own), UDP (`dgram`), new processes (`child_process`), new
 * threads (`worker_threads`, whose modules this lock would not reach; the time limit's clock is the
 * one thread allowed) and the raw bindings behind them (`process.binding`). Only the package
 * sources' hosts stay reachable (installs still reach their sources, and so can a tool that names
 * those hosts).
 *
 * This is a lock inside the process the tool runs in: a tool that reaches native code (an addon)
 * or Node's inspector is past it. Where Node's permission model runs the command (bin/toolplay.mjs),
 * those, processes and threads are refused by Node itself.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { CLOCK } from './time-limit.node.ts';

const require = createRequire(import.meta.url);

export const NO_NETWORK = 'ERR_TOOLPLAY_NO_NETWORK';

const state = { closed: false, hosts: new Set<string>(), installed: false };

/** Why a thing was refused: the same words wherever it is refused. */
function refusal(what: string): Error & { code: string } {
  const e = new Error(`toolplay: the network is off for this run (--no-network), so ${what} was refused`) as Error & {
    code: string;
  };
  e.code = NO_NETWORK;
  return e;
}

/** Closes the network, but for `hosts` (the package sources'). */
export function closeNetwork(hosts: Iterable<string>): void {
  install();
  state.hosts = new Set([...hosts].map((h) => h.toLowerCase()));
  state.closed = true;
}

/** Opens it again (the next command of a batch has the network on). */
export function openNetwork(): void {
  state.closed = false;
}

export const networkClosed = (): boolean => state.closed;

const allowedHost = (host: unknown): boolean =>
  typeof host === 'string' && state.hosts.has(host.replace(/^\[(.*)\]$/, '$1').toLowerCase());

/** Where a `socket.connect(...)` call goes: a host, or a local socket's path. */
function destination(args: unknown[]): { host?: unknown; path?: string } {
  // net.connect() hands connect() its arguments normalised into an array.
  const first: unknown = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (first !== null && typeof first === 'object') {
    const o = first as { host?: unknown; path?: unknown };
    return o.path != null
      ? { path: typeof o.path === 'string' ? o.path : JSON.stringify(o.path) }
      : { host: o.host ?? 'localhost' };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return { path: first };
  return { host: typeof args[1] === 'string' ? args[1] : 'localhost' };
}

type Fn = (...args: unknown[]) => unknown;

function guard<T extends object>(target: T, name: keyof T & string, what: (args: unknown[]) => string | null): void {
  const original = target[name] as unknown as Fn;
  if (typeof original !== 'function') return;
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    if (state.closed) {
      const refused = what(args);
      if (refused !== null) throw refusal(refused);
    }
    return original.apply(this, args);
  };
  Object.defineProperty(target, name, { value: wrapped, writable: true, configurable: true });
}

/** Patches Node's modules once; while open, every patched function does what it did. */
function install(): void {
  if (state.installed) return;
  state.installed = true;
  const net = require('node:net') as typeof import('node:net');
  guard(net.Socket.prototype, 'connect', (args) => {
    const to = destination(args);
    if (to.path !== undefined) return `a connection to the local socket ${to.path}`;
    return allowedHost(to.host) ? null : `a connection to ${String(to.host)}`;
  });

  const dns = require('node:dns') as typeof import('node:dns');
  const names = (target: object): string[] =>
    Object.keys(target).filter((k) => /^(lookup|lookupService|resolve\w*|reverse)$/.test(k));
  const dnsWhat = (args: unknown[]): string | null =>
    allowedHost(args[0]) ? null : `a DNS query for ${String(args[0])}`;
  for (const target of [dns, dns.promises, dns.Resolver.prototype, dns.promises.Resolver.prototype])
    for (const name of names(target)) guard(target as Record<string, unknown>, name, dnsWhat);

  const dgram = require('node:dgram') as typeof import('node:dgram');
  guard(dgram, 'createSocket', () => 'a UDP socket');

  const cp = require('node:child_process') as typeof import('node:child_process');
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const)
    guard(cp, name, () => `starting a process (child_process.${name})`);
  guard(
    cp.ChildProcess.prototype as unknown as Record<string, unknown>,
    'spawn',
    () => 'starting a process (ChildProcess.spawn)',
  );

  const threads = require('node:worker_threads') as typeof import('node:worker_threads');
  const Worker = threads.Worker;
  class LockedWorker extends Worker {
    constructor(source: string | URL, options?: import('node:worker_threads').WorkerOptions) {
      if (state.closed && !(options?.eval && typeof source === 'string' && source === CLOCK))
        throw refusal('starting a worker thread');
      super(source, options);
    }
  }
  Object.defineProperty(threads, 'Worker', { value: LockedWorker, writable: true, configurable: true });

  // Under the permission model Node refuses process.binding itself (even reading it may throw).
  const raw = process as unknown as { binding: (name: string) => unknown };
  const RAW = /^(tcp_wrap|udp_wrap|pipe_wrap|stream_wrap|tls_wrap|cares_wrap|js_stream|spawn_sync|process_wrap)$/;
  try {
    const binding = raw.binding.bind(process);
    Object.defineProperty(process, 'binding', {
      value: (name: string) => {
        if (state.closed && RAW.test(name)) throw refusal(`process.binding('${name}')`);
        return binding(name);
      },
      writable: true,
      configurable: true,
    });
  } catch {
    /* refused by Node's permission model already */
  }
  // `import('node:…')` gets the patched functions too.
  syncBuiltinESMExports();
}
