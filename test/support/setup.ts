/** vitest setupFiles: runs before every test file, in its context (its hooks are that file's). */
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp.js';

afterAll(removeTempDirs);
