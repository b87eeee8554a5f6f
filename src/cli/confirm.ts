/**
 * Answers a tool's confirmation request (`hooks.confirm`) for the CLI. Python waits for the
 * answer synchronously, so the terminal is read with a blocking readSync on stdin.
 */
import { readSync } from 'node:fs';
import type { ConfirmDecision, ConfirmReply, ConfirmRequest } from '../protocol/engine.ts';
import { interactive, note } from './terminal.ts';

const ask = (question: string): string => {
  note(question);
  const buf = Buffer.alloc(256);
  let text = '';
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      throw e;
    }
    if (n === 0) return text;
    text += buf.subarray(0, n).toString('utf8');
    if (text.includes('\n')) return text.split('\n')[0] ?? '';
  }
};

const DECISION_WORDS: Record<string, ConfirmDecision> = {
  a: 'allow',
  allow: 'allow',
  y: 'allow',
  yes: 'allow',
  always: 'always',
  r: 'reject',
  reject: 'reject',
  n: 'reject',
  no: 'reject',
};

/** Answers a confirmation: a fixed answer, a terminal prompt, or a rejection with a note on stderr. */
export function confirmAnswer(fixed: ConfirmDecision | undefined): (request: ConfirmRequest) => ConfirmReply {
  return (request) => {
    let reply: ConfirmReply;
    if (fixed) reply = { decision: fixed, reason: `--confirm ${fixed}` };
    else if (interactive()) {
      const answer = ask(`\n${request.label}\n${request.content}\nAllow this? [a]llow once / always / [r]eject: `)
        .trim()
        .toLowerCase();
      const decision = DECISION_WORDS[answer] ?? 'reject';
      reply = { decision, reason: decision === 'reject' ? 'Declined at the terminal.' : 'Allowed at the terminal.' };
    } else {
      note(
        `toolplay: ${request.tool} asked for confirmation (${request.label}); stdin is not a terminal, so it was rejected. Pass --confirm allow|always|reject to answer.\n`,
      );
      reply = { decision: 'reject', reason: 'No terminal to ask and no --confirm answer given.' };
    }
    return reply;
  };
}
