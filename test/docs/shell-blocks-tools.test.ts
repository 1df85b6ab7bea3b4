/**
 * The shell blocks of the client, fuzz and reference pages (test/support/shell-blocks.ts), beside the
 * others. Each runs a whole client suite, a default fuzz or a server: the pages rotate from slot 5
 * (test/support/rotation.ts): the client page's block in slot 5, the fuzz page's in 6, the reference's in 0.
 */
import { describeShellBlocks, TOOL_PAGES } from '../support/shell-blocks.js';

describeShellBlocks('the shell blocks of the client, fuzz and reference pages', TOOL_PAGES, 5);
