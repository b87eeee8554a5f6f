/**
 * How a lesson or a gallery example becomes a workspace: one function, `open(request)`. The app
 * gives Session.openAsNew (a new workspace of its own, so nothing the person wrote is replaced).
 */
import type { ScriptedStart } from '../agent/scripted-start.ts';
import type { Profile } from '../protocol/engine.ts';

export interface OpenRequest {
  /** What is being opened: the new workspace's name ("Lesson: Lists"). */
  title: string;
  files: Record<string, string | Uint8Array>;
  openPath: string;
  profile: Profile;
  /** The tool selected in the call form (else the first one listed). */
  tool?: string | null;
  /** Call form values per tool (JSON text). */
  args?: Record<string, string>;
  /** A scripted conversation for the Agent panel (its script, and the message in its composer). */
  agent?: ScriptedStart;
  /** What is being opened, kept with the workspace so opening it again can offer this one ("example:<id>", "lesson:<id>"). */
  origin?: string;
}

/** The workspaces examples and lessons made, found again by what they were opened from. */
export interface Earlier {
  /** The most recent listed workspace opened from `origin`, or null. */
  find(origin: string): { id: string; name: string } | null;
  /** Switches to it; false when that could not happen now (the notice says why). */
  goTo(id: string): Promise<boolean>;
}

/** The call an example or a lesson is opened with: its tool selected, its arguments in the form. */
export interface FirstCall {
  tool: string;
  args: Record<string, unknown>;
}

/** A first call as workspace settings: the tool selected and its arguments as the form's JSON text. */
export function firstCallSettings(run: FirstCall | undefined): { tool: string | null; args: Record<string, string> } {
  return run ? { tool: run.tool, args: { [run.tool]: JSON.stringify(run.args, null, 2) } } : { tool: null, args: {} };
}

/** Resolves true once the files are open in a workspace, false when that could not happen. */
export type OpenWorkspace = (request: OpenRequest) => Promise<boolean>;
