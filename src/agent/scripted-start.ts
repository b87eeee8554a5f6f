/**
 * A ready scripted conversation: the script a gallery example or a lesson puts in the Agent panel
 * when it opens, and the message waiting in the composer. It becomes the workspace's agent
 * settings (settings.agent), so it is saved, reloaded and shared like a script the person typed.
 * A lesson or an example keeps it in `<id>/agent.json` as {"message": "…", "script": [turns]}; the
 * script's text is kept exactly as written there (so `2.0` stays `2.0`), only unindented.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { DEFAULT_AGENT, type AgentSettings } from './settings.ts';

export interface ScriptedStart {
  /** The scripted model's JSON text, as the Script editor shows it. */
  script: string;
  /** The request to send, waiting in the composer. */
  message: string;
}

/** The workspace's agent settings for a start: the scripted model, its script, the message in the composer, no conversation yet. */
export function agentOfStart(start: ScriptedStart): AgentSettings {
  return { ...structuredClone(DEFAULT_AGENT), model: 'scripted', script: start.script, draft: start.message };
}

/** Removes the indentation the script had inside its file from every line but the first. */
function unindent(text: string, indent: number): string {
  const [first = '', ...rest] = text.split('\n');
  return [
    first,
    ...rest.map((line) => (line.slice(0, indent).trim() === '' ? line.slice(indent) : line.trimStart())),
  ].join('\n');
}

/** Reads an `agent.json`; throws a sentence naming `where` when it is not {"message": text, "script": [turns]}. */
export function readScriptedStart(text: string, where: string): ScriptedStart {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (first || !root)
    throw new Error(`${where}: not valid JSON (${first ? printParseErrorCode(first.error) : 'empty'})`);
  const message = findNodeAtLocation(root, ['message']);
  const script = findNodeAtLocation(root, ['script']);
  if (root.type !== 'object' || message?.type !== 'string' || script?.type !== 'array')
    throw new Error(`${where}: must be {"message": "the request", "script": [the turns]}`);
  const lineStart = text.lastIndexOf('\n', script.offset) + 1;
  const keyIndent = /^\s*/.exec(text.slice(lineStart, script.offset))?.[0].length ?? 0;
  return {
    message: String(message.value),
    script: unindent(text.slice(script.offset, script.offset + script.length), keyIndent),
  };
}
