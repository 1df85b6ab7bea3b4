/** "Did you mean" for a mistyped subcommand: the closest name by edit distance, when it is close. */

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

export function unknownCommandMessage(word: string, commands: readonly string[]): string {
  const closest = commands
    .map((name) => ({ name, distance: editDistance(word.toLowerCase(), name) }))
    .sort((a, b) => a.distance - b.distance)[0];
  const suggestion =
    closest && closest.distance <= Math.max(2, Math.floor(closest.name.length / 2))
      ? ` Did you mean '${closest.name}'?`
      : '';
  return `unknown command '${word}'.${suggestion} Commands: ${commands.join(', ')} (run \`conformance --help\`).`;
}
