/** Reads the shared Loki conformance fixtures (../shared beside the repo, as CI lays it out). */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../../../shared/conformance/', import.meta.url);

/** Absolute path of a file under shared/conformance. */
export const conformancePath = (rel: string): string => fileURLToPath(new URL(rel, root));
export const readConformance = (rel: string): string => readFileSync(conformancePath(rel), 'utf8');
export const readConformanceJson = (rel: string): unknown => JSON.parse(readConformance(rel));
export const listConformance = (rel: string): string[] => readdirSync(conformancePath(rel)).sort();

/** One line of loki_cases/run/cases.txt. */
export interface RunCase {
  name: string;
  file: string;
  json: string;
  options: string;
}

export const runCases = (): RunCase[] =>
  readConformance('loki_cases/run/cases.txt')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => {
      const [name = '', file = '', ...rest] = l.split('|');
      const options = rest.pop() ?? '';
      return { name, file, json: rest.join('|'), options };
    });
