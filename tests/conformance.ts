/**
 * The references' fixtures and recorded outputs, kept in this repository under tests/conformance/
 * (see its README: what they are, which reference commits, how to record them again), so the
 * tests run from a plain clone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CONFORMANCE = new URL('./conformance/', import.meta.url);

/** Absolute path of a file or folder under tests/conformance. */
export const conformancePath = (rel: string): string => fileURLToPath(new URL(rel, CONFORMANCE));
export const readConformance = (rel: string): string => readFileSync(conformancePath(rel), 'utf8');
export const readConformanceJson = (rel: string): unknown => JSON.parse(readConformance(rel)) as unknown;
export const conformanceExists = (rel: string): boolean => existsSync(conformancePath(rel));
