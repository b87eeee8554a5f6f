#!/usr/bin/env node
// `toolplay` / `npx toolplay`: the CLI is TypeScript (src/cli/main.ts), loaded through tsx from
// this package, so it works from any working directory without a build step.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/cli/main.ts', import.meta.url).href);
