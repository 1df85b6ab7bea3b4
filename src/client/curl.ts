/**
 * Renders a captured (already redacted) request as a curl command that reproduces it. Placeholders such
 * as $TOKEN are left outside single quotes so that the shell expands them from the environment.
 */
const HEADERS_CURL_SETS = new Set(['host', 'content-length', 'connection', 'user-agent', 'accept-encoding']);

const singleQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** Quotes `text` for a POSIX shell, leaving each placeholder as a double-quoted variable. */
export function shellQuote(
  text: string,
  placeholders: readonly string[] = ['$PEER_TOKEN', '$TOKEN'],
): string {
  if (text === '') return "''";
  const escaped = placeholders.map((p) => p.replace(/[$]/g, '\\$'));
  if (escaped.length === 0) return singleQuote(text);
  const pattern = new RegExp(`(${escaped.join('|')})`, 'g');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => (placeholders.includes(part) ? `"${part}"` : singleQuote(part)))
    .join('');
}

export function renderCurl(request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}): string {
  const parts = ['curl', '-sS', '-i'];
  if (request.method !== 'GET' || request.body !== undefined) parts.push('-X', request.method);
  parts.push(shellQuote(request.url));
  for (const [name, value] of Object.entries(request.headers)) {
    if (HEADERS_CURL_SETS.has(name.toLowerCase())) continue;
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}
