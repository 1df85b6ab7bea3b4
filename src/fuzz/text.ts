/**
 * Generated text: message content (a string of message elements in this family, §2 Message.content) and
 * names. Two classes, because what a legal server may do with them differs:
 * - plain: letters of any script (astral characters, combining marks, right-to-left, CJK, emoji with
 *   joiners), digits and punctuation, single inner spaces — no markup, markdown or mention characters, no
 *   control, format, private-use or unassigned code points, no edge whitespace. No tolerance lets a server
 *   refuse or change it beyond Unicode normalisation: refusing it, crashing on it or losing characters is a
 *   must finding.
 * - edge: empty, whitespace only or at the edges, markup-like text, markdown and mentions, control and
 *   format characters, long text, any code point. Size limits are not shown (§8 rule 3), content is message
 *   elements and servers translate it to a platform's format and back, so a server may refuse or change
 *   it: only a 5xx where the server refuses with 4xx, or content that does not read back exactly, is a
 *   finding (should).
 */
import fc from 'fast-check';

export interface Text {
  text: string;
  plain: boolean;
  /** What it exercises, for the summary (e.g. 'astral', 'combining', 'markup'). */
  branches: string[];
}

const codePoint = (min: number, max: number) =>
  fc.integer({ min, max }).map((cp) => String.fromCodePoint(cp));
/**
 * Any code points but lone surrogates (fast-check's 'binary' unit builds a table of every code point on
 * first use: seconds of CPU that stall every request in flight).
 */
const anyCodePoints = () =>
  fc
    .array(
      fc.integer({ min: 0, max: 0x10ffff }).filter((cp) => cp < 0xd800 || cp > 0xdfff),
      { minLength: 1, maxLength: 40 },
    )
    .map((points) => String.fromCodePoint(...points));

/** What plain text never holds: markup, controls, format, private-use, unassigned, surrogates, separators. */
/** …nor what a server translating to a platform's markdown and back may change: mentions, emphasis, links. */
const NOT_PLAIN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Z}\s<>&"*_~`|\\#@[\]()-]/u;
/** Markdown and mentions of the platforms servers translate to (edge: a server may change them). */
const MARKDOWN = [
  '*bold*',
  '_it_',
  '~~s~~',
  '`code`',
  '||spoiler||',
  '# title',
  '- item',
  '[a](b)',
  '@everyone',
  '#general',
  '\\*',
  '"quoted"',
];

type Piece = [branch: string, arbitrary: fc.Arbitrary<string>];

const PIECES: Piece[] = [
  [
    'ascii',
    fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789'),
      minLength: 1,
      maxLength: 8,
    }),
  ],
  ['punctuation', fc.constantFrom(..."!?.,:;'/+=$%^{}")],
  ['latin', fc.constantFrom('é', 'ß', 'ø', 'Ł', 'ñ', 'Ω', 'ж', 'ÿ')],
  [
    'astral',
    fc.oneof(
      codePoint(0x1f300, 0x1f5ff),
      codePoint(0x1d400, 0x1d6a3),
      codePoint(0x20000, 0x2a6d6),
      codePoint(0x10330, 0x10349),
    ),
  ],
  [
    'combining',
    fc
      .tuple(
        fc.constantFrom('a', 'e', 'o', 'n', 'x', 'а'),
        fc.array(codePoint(0x0300, 0x036f), { minLength: 1, maxLength: 3 }),
      )
      .map(([base, marks]) => base + marks.join('')),
  ],
  [
    'rtl',
    fc
      .array(fc.oneof(codePoint(0x05d0, 0x05ea), codePoint(0x0627, 0x063a)), { minLength: 1, maxLength: 6 })
      .map((cs) => cs.join('')),
  ],
  ['cjk', fc.array(codePoint(0x4e00, 0x9fa5), { minLength: 1, maxLength: 4 }).map((cs) => cs.join(''))],
  ['emoji-sequence', fc.constantFrom('👩‍💻', '👍🏽', '🇯🇵', '❤️', '1️⃣', '🏳️‍🌈')],
  ['grapheme', fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }).filter((s) => !NOT_PLAIN.test(s))],
];

/** Plain text: 1–`maxPieces` pieces joined by single spaces. */
export function plainText(maxPieces = 8): fc.Arbitrary<Text> {
  return fc
    .array(fc.oneof(...PIECES.map(([branch, arbitrary]) => arbitrary.map((text) => ({ branch, text })))), {
      minLength: 1,
      maxLength: maxPieces,
    })
    .map((pieces) => ({
      text: pieces.map((piece) => piece.text).join(' '),
      plain: true,
      branches: [...new Set(pieces.map((piece) => piece.branch))],
    }));
}

const MARKUP = [
  '<b>bold</b>',
  'a < b',
  'x & y',
  '&amp;',
  '&lt;tag&gt;',
  '<at id="1"/>',
  '</p>',
  '<img src="x"/>',
  '<<>>',
  '<!-- c -->',
  '<![CDATA[x]]>',
  '<p>',
];

/** Edge text: legal to send, yet a server may refuse or re-serialise it. */
export function edgeText(): fc.Arbitrary<Text> {
  const edge = (branch: string, arbitrary: fc.Arbitrary<string>) =>
    arbitrary.map((text): Text => ({ text, plain: false, branches: [branch] }));
  const plain = plainText(3).map((text) => text.text);
  return fc.oneof(
    edge('empty', fc.constant('')),
    edge('whitespace-only', fc.constantFrom(' ', '\n', '\t', '\u3000', '  ')),
    edge(
      'edge-whitespace',
      fc.tuple(fc.constantFrom(' ', '\n', '\t'), plain).map(([space, text]) => `${space}${text}${space}`),
    ),
    edge(
      'markup',
      fc.tuple(fc.constantFrom(...MARKUP), plain).map(([markup, text]) => `${text} ${markup}`),
    ),
    edge(
      'markdown',
      fc.tuple(fc.constantFrom(...MARKDOWN), plain).map(([markdown, text]) => `${markdown} ${text}`),
    ),
    edge(
      'control',
      fc
        .tuple(plain, fc.constantFrom('\u0000', '\u0007', '\r\n', '\u001b[0m', '\u007f'))
        .map(([text, control]) => `${text}${control}${text}`),
    ),
    edge(
      'format',
      fc
        .tuple(plain, fc.constantFrom('\u200b', '\ufeff', '\u202e', '\u2028', '\u00ad'))
        .map(([text, format]) => `${text}${format}x`),
    ),
    edge(
      'long',
      fc
        .tuple(plain, fc.integer({ min: 500, max: 4000 }))
        .map(([text, length]) => text.repeat(Math.ceil(length / text.length)).slice(0, length)),
    ),
    edge('any-code-point', anyCodePoints()),
  );
}

/** Message content: plain most of the time, edge otherwise. */
export const content = (): fc.Arbitrary<Text> =>
  fc.oneof({ arbitrary: plainText(), weight: 3 }, { arbitrary: edgeText(), weight: 2 });

/** What a legal server may change in plain text: Unicode normalisation, line ends, edge whitespace. */
export const normalised = (text: string): string => text.normalize('NFC').replace(/\r\n?/g, '\n').trim();

/** Does `read` say the same as `sent` (plain text: up to normalisation)? */
export const sameText = (sent: string, read: unknown): boolean =>
  typeof read === 'string' && normalised(read) === normalised(sent);

/** A short JSON rendering for observed texts (escapes make invisible characters visible). */
export const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** A channel or role name: plain (an ASCII word, maybe with a letter of another script) or edge. */
export function name(prefix: string): fc.Arbitrary<Text> {
  const plain = plainText(3).map((text): Text => ({ ...text, text: `${prefix}-${text.text}` }));
  return fc.oneof({ arbitrary: plain, weight: 3 }, { arbitrary: edgeText(), weight: 1 });
}
