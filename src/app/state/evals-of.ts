/**
 * The Evals tab of one open workspace: its files, its review state (Run's gate: a workspace in
 * review runs no eval), its network settings, and the model its Agent panel is set to (the API key
 * read from this browser only, never from the workspace); a run it opens shows in that Agent panel.
 */
import type { ScratchHost } from '../../scratch/scratch.ts';
import type { Playground } from '../playground.svelte.ts';
import type { AgentState } from './agent.svelte.ts';
import { EvalsState } from './evals.svelte.ts';

export function evalsOf(playground: Playground, agent: AgentState, host: ScratchHost): EvalsState {
  return new EvalsState({
    host,
    workspace: {
      get id() {
        return playground.workspace.id;
      },
      get files() {
        return playground.workspace.files;
      },
      get blocked() {
        return playground.callBlocked;
      },
    },
    model: {
      get problem() {
        return agent.modelProblem;
      },
      get scripted() {
        return agent.modelKind === 'scripted';
      },
      get line() {
        return agent.modelLine;
      },
      port: () => agent.modelPort(),
    },
    network: () => ({
      enabled: playground.packages.settings.network,
      corsProxy: playground.packages.settings.corsProxy,
    }),
    show: (title, messages) => agent.view(title, messages),
  });
}
