/** commander argument collectors shared by the commands (repeatable flags). */

/** `--flag a --flag b` → ['a', 'b']. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** `--flag a,b --flag c` → ['a', 'b', 'c'] (comma-separated and repeatable). */
export const collectList = (value: string, previous: string[] = []): string[] => [
  ...previous,
  ...value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
];
