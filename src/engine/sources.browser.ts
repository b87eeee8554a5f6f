import type { EngineSources } from './install.ts';

const modules = import.meta.glob(['../../python/toolplay/**/*.py', '../../python/pipmaster/**/*.py'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The engine's packages (toolplay, and the pipmaster it gives tool libraries), bundled as text by Vite (browser worker). */
export const engineSources: EngineSources = Object.fromEntries(
  Object.entries(modules).map(([path, text]) => [path.replace('../../python/', ''), text]),
);
