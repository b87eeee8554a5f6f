// A scripted stand-in for the Python worker: records what the playground asks, answers like the engine.
import type { CallOutcome, CallParams, ConfirmAsk, FileChange, PythonPort, PythonState } from '../../src/ui/ports.ts';
import type { EngineMethods, Inspection, LokiStartup } from '../../src/protocol/engine.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';

export class FakePython implements PythonPort {
  state: PythonState = 'ready';
  progress = '';
  error: string | null = null;
  isolated = true;
  timeoutMs = 30_000;
  onConfirm: ConfirmAsk = async () => ({ decision: 'reject' });
  synced: FileChange[][] = [];
  inspected: EngineMethods['inspect']['params'][] = [];
  calls: CallParams[] = [];
  stopped = 0;
  inspection: (p: EngineMethods['inspect']['params']) => Inspection = (p) => ({ profile: p.profile, libraries: [], tools: [], diagnostics: [] });
  lokiAsked: EngineMethods['lokiStartup']['params'][] = [];
  startup: (p: EngineMethods['lokiStartup']['params']) => LokiStartup = () => ({ visible: [], entries: [], files: [], declarations: [], startupError: null, unlisted: [] });
  run: (params: CallParams, emit: (e: TelemetryEvent) => void) => Promise<CallOutcome> = async () => ({ status: 'finished', result: null, changes: [], durationMs: 1 });

  async sync(files: FileChange[]): Promise<void> { this.synced.push(files); }
  async inspect(p: EngineMethods['inspect']['params']): Promise<Inspection> { this.inspected.push(p); return this.inspection(p); }
  async schema(p: EngineMethods['schema']['params']): Promise<unknown> { return { format: p.format, profile: p.profile }; }
  async status(): Promise<{ line: string }> { return { line: '' }; }
  async lokiStartup(p: EngineMethods['lokiStartup']['params']): Promise<LokiStartup> { this.lokiAsked.push(p); return this.startup(p); }
  call(params: CallParams, onEvent: (e: TelemetryEvent) => void): Promise<CallOutcome> { this.calls.push(params); return this.run(params, onEvent); }
  stop(): void { this.stopped++; }
}
