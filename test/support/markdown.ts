/**
 * What the docs tests read from Markdown: fenced blocks (with their info string), heading anchors as
 * GitHub makes them, and relative links — outside code, where a link is text, not a link.
 */

export interface FencedBlock {
  /** The info string after the fence, e.g. `sh` or `sh not-run: why`. */
  info: string;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
}

const FENCE = /^(`{3,}|~{3,})(.*)$/;

export function fencedBlocks(markdown: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index]);
    if (!open) continue;
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !lines[end].startsWith(open[1])) body.push(lines[end++]);
    blocks.push({ info: open[2].trim(), body: body.join('\n'), line: index + 1 });
    index = end;
  }
  return blocks;
}

/** A fenced block of Markdown (```markdown, ```md): shown to be copied, its links are read as links. */
const MARKDOWN_FENCE = /^(markdown|md)\b/i;

/**
 * The text outside inline code and fenced blocks, but for the blocks of Markdown: a link in an example
 * the reader copies into a README is followed there (a relative one that resolves nowhere is broken).
 */
function prose(markdown: string): string {
  const kept: string[] = [];
  let fence: { marks: string; markdown: boolean } | undefined;
  for (const line of markdown.split('\n')) {
    const open = FENCE.exec(line);
    if (fence) {
      const closes = line.startsWith(fence.marks);
      kept.push(fence.markdown && !closes ? line.replace(/`+[^`]*`+/g, '') : '');
      if (closes) fence = undefined;
    } else if (open) {
      fence = { marks: open[1], markdown: MARKDOWN_FENCE.test(open[2].trim()) };
      kept.push('');
    } else kept.push(line.replace(/`+[^`]*`+/g, ''));
  }
  return kept.join('\n');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens, `-N` on repeats. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const open = FENCE.exec(line);
    if (fence) {
      if (line.startsWith(fence)) fence = undefined;
      continue;
    }
    if (open) {
      fence = open[1];
      continue;
    }
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** Every link target of the prose that is not a URL with a scheme (http:, mailto: …). */
export function relativeLinks(markdown: string): string[] {
  const targets = [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]);
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}
