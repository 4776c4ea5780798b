import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Characters handed to a parser at once. Parsing them and the caller's work on their rows is what
 * one turn of the event loop costs: 16 Ki characters keep it to a few milliseconds, even before
 * the parsers' code is optimised (64 Ki gave 30-50 ms turns at first), and cost no throughput.
 */
const SLICE = 16 * 1024;

/**
 * `text` in slices, with a turn of the event loop between them: the parsers and the caller's loop
 * run on promise callbacks, which would otherwise go through a whole chunk's rows before any
 * other request gets a turn.
 */
export async function* inSlices(text: string): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += SLICE) {
    if (at > 0) await nextTurn();
    yield text.slice(at, at + SLICE);
  }
}
