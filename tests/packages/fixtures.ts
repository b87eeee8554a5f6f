// Wheels more than one test file installs (the Node tests here and the browser's packages.e2e.ts):
// a dependency chain (greeter needs textfmt) and an sdist's build-free dependency (helperdep).
import { buildWheel } from '../support/wheels.ts';

export const textfmt = buildWheel({
  name: 'textfmt',
  version: '1.0.0',
  files: { 'textfmt/__init__.py': 'def shout(s):\n    return s.upper() + "!"\n' },
});

export const greeter = buildWheel({
  name: 'greeter',
  version: '2.1.0',
  requires: ['textfmt>=1.0'],
  files: { 'greeter/__init__.py': 'from textfmt import shout\n\ndef hello(n):\n    return shout("hello " + n)\n' },
});

export const helperdep = buildWheel({
  name: 'helperdep',
  version: '1.1.0',
  files: { 'helperdep/__init__.py': 'def twice(n):\n    return 2 * n\n' },
});
