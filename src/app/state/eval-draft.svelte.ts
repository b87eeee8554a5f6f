/**
 * "Save as eval" on an agent conversation: the case it makes (src/evals/from-conversation.ts) as
 * JSON text the person edits (the matchers, the name, the profiles), added to an eval file in the
 * workspace (`evals/agent.toolplay-eval.json` unless they name another). A file there that does
 * not read is left as it is, and said.
 */
import type { AgentMessage } from '../../agent/types.ts';
import type { EvalProfile } from '../../evals/format.ts';
import { caseFromConversation, caseText, SAVED_EVALS_FILE, withCaseAdded } from '../../evals/from-conversation.ts';
import { namesIn } from '../../evals/names.ts';
import type { WorkspacePort } from '../ports.ts';

export class EvalDraft {
  path = $state(SAVED_EVALS_FILE);
  text = $state('');
  #error = $state<string | null>(null);
  readonly #workspace: Pick<WorkspacePort, 'readText' | 'write'>;

  private constructor(text: string, workspace: Pick<WorkspacePort, 'readText' | 'write'>) {
    this.text = text;
    this.#workspace = workspace;
  }

  /** The draft of a conversation, or null when it has no user message to make a case of. */
  static of(
    messages: readonly AgentMessage[],
    profile: EvalProfile,
    workspace: Pick<WorkspacePort, 'readText' | 'write'>,
  ): EvalDraft | null {
    const made = caseFromConversation(messages, profile);
    if (!made) return null;
    // A name the default file already has gets a number, so a first Save works.
    const taken = namesIn(workspace.readText(SAVED_EVALS_FILE));
    const name = String(made.name);
    let free = name;
    for (let i = 2; taken.has(free); i++) free = `${name} (${i})`;
    return new EvalDraft(caseText({ ...made, name: free }), workspace);
  }

  get error(): string | null {
    return this.#error;
  }

  /** Adds the case to its file; true when it was written. */
  save(): boolean {
    const path = this.path.trim();
    const written = withCaseAdded(path, this.#workspace.readText(path), this.text);
    if ('problem' in written) {
      this.#error = written.problem;
      return false;
    }
    this.#workspace.write(path, written.text);
    this.#error = null;
    return true;
  }
}
