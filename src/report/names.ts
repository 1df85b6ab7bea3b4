/**
 * The reporter names, apart from the reporters themselves: `conformance --help` shows them without
 * loading the renderers (badge-maker, xmlbuilder2…). index.ts's `reporters` record must have exactly
 * these keys (a missing or extra one is a type error there).
 */
export const REPORTER_NAMES = ['console', 'json', 'junit', 'markdown', 'html', 'badge'] as const;

export type ReporterName = (typeof REPORTER_NAMES)[number];

/** The console plus every file writer. */
export const defaultReporters: ReporterName[] = [...REPORTER_NAMES];
