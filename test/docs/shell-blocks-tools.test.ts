/** The shell blocks of the client, fuzz and reference pages (test/support/shell-blocks.ts), beside the others. */
import { describeShellBlocks, TOOL_PAGES } from '../support/shell-blocks.js';

describeShellBlocks('the shell blocks of the client, fuzz and reference pages', TOOL_PAGES);
