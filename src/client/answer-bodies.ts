/**
 * The whole body of each answered exchange, parsed as the check read it, for as long as the exchange
 * lives: its evidence is a cut (EVIDENCE_BODY_BYTES), which a large body exceeds. Apart from the HTTP
 * client so that what reads it (signatures, hints) loads no HTTP stack (`conformance list` starts fast).
 */
import type { Exchange } from '../wire.js';

const answerBodies = new WeakMap<Exchange, unknown>();

export const keepAnswerBody = (exchange: Exchange, body: unknown): void => {
  answerBodies.set(exchange, body);
};

/** What an exchange's answer held, whole and parsed; undefined where unknown (an empty body). */
export const answerBodyOf = (exchange: Exchange): unknown => answerBodies.get(exchange);
