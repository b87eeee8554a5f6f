/**
 * A library's confirmation handled in every form lollms' hosts answer: a `(decision, reason)`
 * tuple, a bool, or a decision string ("allow", "always", "reject"). toolplay's own handler always
 * answers a tuple, so a check that only calls the tool through it cannot tell a library that
 * unpacks the tuple from one that reads every form. `confirmForms` runs the tool once per form
 * through a probe tool written beside the person's files on the scratch copy: it loads the library
 * afresh, hands it a handler answering in that form (through `init_tools_library`'s configuration
 * and `set_confirm_handler`, as toolplay's host does), and calls the tool.
 */
import type { CheckItem, LessonPort } from '../types.ts';
import { ending, json, resultOf, type Where } from './expect.ts';

/** Each answer form, by the name the probe knows it under, and how it reads in a message. */
export const ALLOWING = { tuple_allow: '("allow", "ok")', true: 'True', allow: '"allow"', always: '"always"' };
export const REJECTING = { tuple_reject: '("reject", "no")', false: 'False', reject: '"reject"' };
export type Form = keyof typeof ALLOWING | keyof typeof REJECTING;
/** The forms of each kind, as `confirmForms` takes them. */
export const ALLOWING_FORMS = Object.keys(ALLOWING) as Form[];
export const REJECTING_FORMS = Object.keys(REJECTING) as Form[];

const PROBE_FILE = 'tools/toolplay_confirm_probe.py';
const PROBE = `import importlib.util
import json
import os

ANSWERS = {
    "tuple_allow": ("allow", "ok"), "true": True, "allow": "allow", "always": "always",
    "tuple_reject": ("reject", "no"), "false": False, "reject": "reject",
}


def tool_toolplay_confirm_probe(library: str, tool: str, form: str, args: dict, target: str) -> dict:
    """Loads a library afresh, gives it a handler answering in one form, and calls one of its tools."""
    asked = []

    def handler(*a, **k):
        asked.append(1)
        return ANSWERS[form]

    out = {}
    try:
        spec = importlib.util.spec_from_file_location(f"toolplay_confirm_probe_{form}", library)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        init = getattr(module, "init_tools_library", None)
        if callable(init):
            try:
                init({"confirm_handler": handler})
            except TypeError:
                init()
        setter = getattr(module, "set_confirm_handler", None)
        if callable(setter):
            setter(handler)
        result = getattr(module, tool)(**args)
        try:
            json.dumps(result)
            out["result"] = result
        except (TypeError, ValueError):
            out["result"] = repr(result)
    except BaseException as exc:
        out["raised"] = f"{type(exc).__name__}: {exc}"
    out["asked"] = len(asked)
    out["exists"] = os.path.exists(target)
    return {"success": True, "output": out}
`;

/** What one form did: asked or not, whether the target is still there, and whether LCP would report a failure. */
export interface FormOutcome {
  form: Form;
  asked: boolean;
  exists: boolean;
  /** A crash, or `success: False` in a dict: what LCP reports as a failure. */
  failed: boolean;
  /** What the tool returned or raised, for a message. */
  shown: string;
  /** The probe could not run. */
  problem: string | null;
}

/** Runs `tool` of `library` once per answer form, on a fresh copy with `target` written first. */
export async function confirmForms(
  port: LessonPort,
  library: string,
  tool: string,
  args: Record<string, unknown>,
  target: string,
  forms: Form[],
): Promise<FormOutcome[]> {
  const out: FormOutcome[] = [];
  for (const form of forms) {
    const run = await port.call({
      tool: 'tool_toolplay_confirm_probe',
      args: { library, tool, form, args, target },
      overlay: { [PROBE_FILE]: PROBE, [target]: 'delete me\n' },
    });
    const r = resultOf(run)?.output as { result?: unknown; raised?: unknown; asked?: unknown; exists?: unknown } | null;
    if (!r || typeof r !== 'object') {
      out.push({ form, asked: false, exists: true, failed: true, shown: '', problem: ending(run) });
      continue;
    }
    const raised = typeof r.raised === 'string' ? r.raised : null;
    const result = r.result;
    const failed =
      raised !== null ||
      (typeof result === 'object' && result !== null && (result as Record<string, unknown>).success === false);
    out.push({
      form,
      asked: r.asked !== 0,
      exists: r.exists === true,
      failed,
      shown: raised ? `it raised ${raised}` : `it returned ${json(result)}`,
      problem: null,
    });
  }
  return out;
}

const formText = (form: Form): string =>
  (ALLOWING as Record<string, string>)[form] ?? (REJECTING as Record<string, string>)[form] ?? form;

/** "Allowed in every form, it deletes": the first form that did not, with what happened. */
export function allowedItem(text: string, outcomes: FormOutcome[], at: Where | null): CheckItem {
  const bad = outcomes.find((o) => o.problem || !o.asked || o.exists || o.failed);
  if (!bad) return { ok: true, text };
  const why = bad.problem
    ? bad.problem
    : !bad.asked
      ? 'it did not ask the handler.'
      : bad.exists
        ? `the file is still there (${bad.shown}).`
        : `the file is gone but the result is a failure (${bad.shown}).`;
  return { ok: false, text, detail: `With a handler answering ${formText(bad.form)}, ${why}`, ...(at ? { at } : {}) };
}

/** "Rejected in every form, the file stays and the result is a failure": the first form that did not. */
export function rejectedItem(text: string, outcomes: FormOutcome[], at: Where | null): CheckItem {
  const bad = outcomes.find((o) => o.problem || !o.asked || !o.exists || !o.failed);
  if (!bad) return { ok: true, text };
  const why = bad.problem
    ? bad.problem
    : !bad.asked
      ? 'it did not ask the handler.'
      : !bad.exists
        ? 'the file was deleted anyway.'
        : `the file stayed but the result is no failure (${bad.shown}): the model would believe it was deleted.`;
  return { ok: false, text, detail: `With a handler answering ${formText(bad.form)}, ${why}`, ...(at ? { at } : {}) };
}
