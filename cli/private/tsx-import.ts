/**
 * How the CLI imports tsx, the one package it loads from outside its bundle by `import()` (a
 * program is loaded through tsx's `tsImport`, cli/private/app-loader.ts).
 *
 * Why it can be set from outside: the binary compiles the bundle with V8's code cache
 * (bin/load-bundle.js), and on Node 20 a function taken from a code cache has lost the callback
 * that serves its `import()` ("A dynamic import callback was not specified"). The binary therefore
 * hands the bundle an `import()` of its own module, which Node loaded as usual.
 */
import type * as TsxApi from 'tsx/esm/api';

/** Imports a module by specifier, as an `import()` expression would. */
export type ModuleImporter = (specifier: string) => Promise<unknown>;

let importer: ModuleImporter = (specifier) => import(specifier);

/** Makes {@link importTsx} import through `fn` (the binary's own `import()`). */
export function setModuleImporter(fn: ModuleImporter): void {
  importer = fn;
}

/** tsx's programmatic API. */
export async function importTsx(): Promise<typeof TsxApi> {
  return (await importer('tsx/esm/api')) as typeof TsxApi;
}

/**
 * Imports a module from outside the bundle (a file URL of a package in the user's project, such as
 * its Prettier) through the same `import()` as tsx, for the same reason.
 */
export async function importOutside(specifier: string): Promise<unknown> {
  return importer(specifier);
}
