/** The checker's paginator lives in the runner (variant detection walks lists too); suites use it from here. */
export * from '../../src/runner/paginate.js';
