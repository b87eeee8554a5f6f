/**
 * The asset worker: a worker of the app's own origin that reads Pyodide's files, the engine and the
 * snapshot for one sandboxed Python worker and answers its questions about them (ASSET_OPS) on a
 * port the two share, so ~30 MB cross from here to the frame without the page's main thread, which
 * is busy starting the UI. The page starts it with an AssetWorkerStart and the port; what arrives on
 * the port comes from tool code, and is answered only as runtime-assets.ts narrows it.
 */
/// <reference lib="webworker" />
import type { AssetWorkerStart } from '../../protocol/sandbox.ts';
import { answerQuestion } from './answer.ts';
import { RuntimeAssets } from './runtime-assets.ts';

declare const self: DedicatedWorkerGlobalScope;

// The start comes from the page, the only holder of this worker; the port's questions come from tool code.
self.onmessage = (e: MessageEvent<AssetWorkerStart>) => {
  const [port] = e.ports;
  if (!port) return;
  self.onmessage = null;
  const assets = new RuntimeAssets(e.data);
  port.onmessage = async (m: MessageEvent<unknown>) => {
    const answered = await answerQuestion(m.data, (question) => assets.value(question));
    if (answered) port.postMessage(answered.answer, answered.transfer);
  };
};
