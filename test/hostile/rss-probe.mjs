// Preloaded into the CLI child (node --import): writes the process's peak RSS (KiB) when it exits.
import { writeFileSync } from 'node:fs';

const file = process.env.HOSTILE_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
