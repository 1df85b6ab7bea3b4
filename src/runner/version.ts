import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (works from src/ under tsx and from dist/ when built). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate) && JSON.parse(readFileSync(candidate, 'utf8')).name === 'chat-conformance')
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json of chat-conformance not found above the runner');
    dir = parent;
  }
}

export const toolVersion = (): string =>
  JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version as string;
