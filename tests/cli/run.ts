/** Runs the real `toolplay` CLI as a child process (node bin/toolplay.mjs …) on temp copies of fixtures. */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { conformancePath } from '../conformance.ts';

export const BIN = fileURLToPath(new URL('../../bin/toolplay.mjs', import.meta.url));
export const CONFORMANCE = conformancePath('.');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A CLI run still going after this long is stuck (the slowest takes a few seconds): it is killed, not left spinning after the test. */
const KILL_AFTER_MS = 240_000;

/** `node bin/toolplay.mjs ...args` from `cwd` (a temp dir, to prove the CLI works from anywhere). */
export function toolplay(args: string[], cwd: string, stdin = ''): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, TOOLPLAY_DEBUG: '' },
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      stderr += `\n[test harness: killed after ${KILL_AFTER_MS / 1000} s]\n`;
      child.kill('SIGKILL');
    }, KILL_AFTER_MS);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(stdin);
  });
}

/** A fresh temp dir holding `files` (relative path → text) and copies of conformance files. */
export function sandbox(files: Record<string, string>, copies: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'toolplay-cli-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  for (const [rel, from] of Object.entries(copies)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    cpSync(join(CONFORMANCE, from), join(root, rel), { recursive: true });
  }
  return root;
}

export const readJson = (rel: string): unknown => JSON.parse(readFileSync(join(CONFORMANCE, rel), 'utf8')) as unknown;
