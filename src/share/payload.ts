/**
 * The payload, version 1 (docs/share-links.md): what a link carries once unpacked, and what a
 * `.toolplay.json` file holds. readPayload narrows untrusted JSON into a SharedWorkspace (or throws
 * one ShareError); writePayload is its inverse. Unknown top-level keys are ignored.
 */
import type { HostConfig, Profile } from '../protocol/engine.ts';
import { PROFILES } from '../protocol/vocabulary.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import { agentSettings, type AgentSettings } from '../agent/settings.ts';
import type { SharedPackages } from './sources.ts';
import { fromBase64, toBase64 } from './base64.ts';
import { ShareError, quoted } from './errors.ts';
import { readEvents, UnreadableEvents } from '../protocol/read-events.ts';
import { FORMAT_VERSION, MAX_FILES } from './limits.ts';
import { checkLayout, isWellFormed, listedTwice, tooManyFiles } from './paths.ts';

/** The tool the sender had selected, with its arguments exactly as typed (so 2.0 stays 2.0). */
export interface SharedCall {
  tool: string;
  argsText: string;
}

export interface SharedWorkspace {
  name: string | null;
  files: Map<string, Uint8Array>;
  /** Folders kept even when empty. */
  folders: string[];
  profile: Profile | null;
  open: string | null;
  call: SharedCall | null;
  host: HostConfig;
  /** The sender's recorded events: shown as theirs, never as a run made here. */
  telemetry: TelemetryEvent[];
  /** The Agent panel: its model settings, script and conversation (never an API key), when shared. */
  agent?: AgentSettings;
  /**
   * Where packages come from and the tools' network settings, as the sender had them. Never applied
   * as they are: review mode offers each source setting (src/share/sources.ts) for the person to accept.
   */
  packages?: SharedPackages;
}

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (message: string) => new ShareError('bad-field', message);
// ignoreBOM keeps a leading byte-order mark in the text, so the file comes back byte for byte.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

export function readPayload(value: unknown): SharedWorkspace {
  if (!isObject(value))
    throw new ShareError('not-a-workspace', 'this is not a toolplay workspace: the data is not a JSON object');
  const version = value.toolplay;
  if (version === undefined)
    throw new ShareError('not-a-workspace', 'this is not a toolplay workspace: it has no "toolplay" format version');
  if (version !== FORMAT_VERSION) throw unknownVersion(JSON.stringify(version) ?? typeof version);
  const files = readFiles(value.files ?? []);
  const folders = value.folders ?? [];
  if (!Array.isArray(folders) || !folders.every((f) => typeof f === 'string'))
    throw bad('"folders" must be a list of paths');
  checkLayout([...files.keys()], folders);
  const name = value.name ?? null;
  if (name !== null && typeof name !== 'string') throw bad('"name" must be text');
  const profile = value.profile ?? null;
  if (profile !== null && !PROFILES.includes(profile as Profile))
    throw bad(
      `"profile" must be one of ${PROFILES.join(', ')} (it is ${quoted(typeof profile === 'string' ? profile : String(JSON.stringify(profile)))})`,
    );
  const open = value.open ?? null;
  if (open !== null && typeof open !== 'string') throw bad('"open" must be a file path');
  return {
    name,
    files,
    folders: [...folders],
    profile: profile as Profile | null,
    open: open !== null && files.has(open) ? open : null,
    call: readCall(value.call ?? null),
    host: readHost(value.host ?? {}),
    telemetry: telemetryOf(value.telemetry ?? []),
    // Narrowed field by field (anything unusable falls back to the defaults), as stored settings are.
    ...(value.agent !== undefined ? { agent: agentSettings(value.agent) } : {}),
    ...(value.packages !== undefined ? { packages: readPackages(value.packages) } : {}),
  };
}

function readPackages(value: unknown): SharedPackages {
  if (!isObject(value)) throw bad('"packages" must be an object (mirror, indexUrl, network, corsProxy, python)');
  const url = (key: 'mirror' | 'indexUrl' | 'corsProxy'): string | null => {
    const v = value[key] ?? null;
    if (v !== null && (typeof v !== 'string' || !/^https?:\/\//.test(v) || !URL.canParse(v)))
      throw bad(`"packages.${key}" must be an http(s) URL or null`);
    return v;
  };
  const network = value.network ?? true;
  if (typeof network !== 'boolean') throw bad('"packages.network" must be true or false');
  const python = value.python ?? null;
  if (python !== null && (typeof python !== 'string' || !PYTHON_VERSION.test(python)))
    throw bad('"packages.python" must be a Python version such as "3.13", or null');
  return {
    mirror: url('mirror'),
    indexUrl: url('indexUrl'),
    network,
    corsProxy: url('corsProxy'),
    ...(python !== null ? { python } : {}),
  };
}

/** A Python version as a link names it: digits and dots, "3.13" or "3.13.2". */
const PYTHON_VERSION = /^\d{1,2}(\.\d{1,3}){1,2}$/;

/** The payload's `packages`: its known keys only (a workspace's own marks, such as setBy, stay home). */
function packagesOf(p: SharedPackages): SharedPackages {
  return {
    mirror: p.mirror,
    indexUrl: p.indexUrl,
    network: p.network,
    corsProxy: p.corsProxy,
    ...(p.python !== undefined ? { python: p.python } : {}),
  };
}

/** The refusal of a format this toolplay does not read (from the payload or the link's prefix). */
export function unknownVersion(version: string): ShareError {
  return new ShareError(
    'version',
    `this shared workspace uses format version ${quoted(version, 20)}, which this toolplay does not read (it reads version ${FORMAT_VERSION}): open it in a newer toolplay`,
  );
}

function readFiles(value: unknown): Map<string, Uint8Array> {
  if (!Array.isArray(value)) throw bad('"files" must be a list');
  // Counted first: a list of a million entries is refused before any of them is decoded.
  if (value.length > MAX_FILES) throw tooManyFiles(value.length);
  const files = new Map<string, Uint8Array>();
  value.forEach((entry: unknown, i) => {
    if (
      !isObject(entry) ||
      typeof entry.path !== 'string' ||
      (typeof entry.text === 'string') === (typeof entry.base64 === 'string')
    )
      throw bad(`file ${i + 1} must be an object with "path" and either "text" or "base64"`);
    const path = entry.path;
    if (files.has(path)) throw listedTwice('file', path);
    if (typeof entry.text === 'string') {
      if (!isWellFormed(entry.text))
        throw new ShareError(
          'bad-content',
          `file ${quoted(path)} has text that is not valid Unicode (an unpaired surrogate)`,
        );
      files.set(path, encoder.encode(entry.text));
    } else {
      const bytes = fromBase64(entry.base64 as string);
      if (!bytes) throw new ShareError('bad-content', `file ${quoted(path)} has invalid base64 content`);
      files.set(path, bytes);
    }
  });
  return files;
}

function readCall(value: unknown): SharedCall | null {
  if (value === null) return null;
  if (!isObject(value) || typeof value.tool !== 'string')
    throw bad('"call" must be an object with a "tool" name and its "args"');
  const { args, argsText } = value;
  if (argsText !== undefined && typeof argsText !== 'string') throw bad('"call.argsText" must be text');
  if (args !== undefined && !isObject(args)) throw bad('"call.args" must be a JSON object');
  return { tool: value.tool, argsText: argsText ?? JSON.stringify(args ?? {}, null, 2) };
}

function readHost(value: unknown): HostConfig {
  if (!isObject(value) || !Object.values(value).every(isObject))
    throw bad('"host" must be an object of objects (library → configuration)');
  return structuredClone(value) as HostConfig;
}

/** The payload's JSON text: text files as text, anything that is not UTF-8 as base64; paths checked as the reader checks them. */
export function writePayload(ws: SharedWorkspace, indent?: number): string {
  const paths = [...ws.files.keys()].sort();
  checkLayout(paths, ws.folders);
  const files = paths.map((path) => {
    const bytes = ws.files.get(path)!;
    try {
      return { path, text: strictUtf8.decode(bytes) };
    } catch {
      return { path, base64: toBase64(bytes) };
    }
  });
  const call = ws.call ? { tool: ws.call.tool, ...argsOf(ws.call.argsText), argsText: ws.call.argsText } : undefined;
  return JSON.stringify(
    {
      toolplay: FORMAT_VERSION,
      ...(ws.name !== null ? { name: ws.name } : {}),
      files,
      folders: [...ws.folders].sort(),
      ...(ws.profile !== null ? { profile: ws.profile } : {}),
      ...(ws.open !== null ? { open: ws.open } : {}),
      ...(call ? { call } : {}),
      host: ws.host,
      ...(ws.telemetry.length ? { telemetry: ws.telemetry } : {}),
      ...(ws.agent ? { agent: ws.agent } : {}),
      ...(ws.packages ? { packages: packagesOf(ws.packages) } : {}),
    },
    null,
    indent,
  );
}

/** `args` as an object when the text is one (readers of other versions look there first). */
function argsOf(text: string): { args?: Fields } {
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? { args: v } : {};
  } catch {
    return {};
  }
}

/** A link's recorded telemetry; an unreadable event refuses the link as a bad field. */
function telemetryOf(value: unknown): ReturnType<typeof readEvents> {
  try {
    return readEvents(value);
  } catch (e) {
    if (e instanceof UnreadableEvents) throw new ShareError('bad-field', e.message);
    throw e;
  }
}
