/**
 * The ledger files of the runs in progress, apart from the ledger itself: the bin loads this at startup to
 * name them when it has to exit at once, without loading the ledger (and the catalogue it reads).
 */
const openFiles = new Set<string>();

export const ledgerFilesInUse = (): string[] => [...openFiles];
export const ledgerFileOpened = (path: string): void => void openFiles.add(path);
export const ledgerFileClosed = (path: string): void => void openFiles.delete(path);
