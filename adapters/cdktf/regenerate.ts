/**
 * Regenerates the CDKTF bindings under `adapters/cdktf/generated/` from the Terraform provider
 * schema (`terraform-schema.ts`) with `@cdktf/provider-generator`, the generator `cdktf get` uses.
 *
 * Run it after changing `common/resource-schema.ts` or a handler's schema:
 * `npx tsx adapters/cdktf/regenerate.ts` (a test fails while the committed bindings are out of date).
 *
 * The generator's output is adjusted for this package: relative imports get their `.js` suffix
 * (NodeNext ESM), the CommonJS `lazy-index.ts` and the per-resource READMEs are dropped, and each file
 * starts with `// @ts-nocheck` because the generated classes do not meet this project's stricter
 * compiler options (`noImplicitOverride`); their declarations still type-check the code that uses them.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handlerSchemas } from './handler-schemas.js';
import { TERRAFORM_PROVIDER_NAME } from './terraform-names.js';
import { terraformProviderSchema } from './terraform-schema.js';

/** Where the committed bindings live. */
export const GENERATED_DIR = fileURLToPath(new URL('./generated/', import.meta.url));

/** The version the bindings declare for the provider (informational; no registry provider exists). */
const PROVIDER_VERSION = '0.1.0';

/**
 * Generates the bindings into `outDir` (created; its previous content is removed).
 * @returns the paths written, relative to `outDir`, sorted.
 */
export async function generateBindings(outDir: string): Promise<string[]> {
  // The generator's helper package phones home unless told not to, and runs `terraform version` when
  // loaded: point it at a program that does not exist, since nothing here needs Terraform.
  process.env.CHECKPOINT_DISABLE = '1';
  process.env.TERRAFORM_BINARY_NAME ??= 'triton-iac-needs-no-terraform';
  const require = createRequire(import.meta.url);
  // Deep imports: the package root pulls in jsii tooling this project does not install.
  const { TerraformProviderGenerator } =
    require('@cdktf/provider-generator/lib/get/generator/provider-generator.js') as typeof import('@cdktf/provider-generator/lib/get/generator/provider-generator.js');
  const commons = require('@cdktf/commons') as typeof import('@cdktf/commons');
  const { CodeMaker } = require('codemaker') as typeof import('codemaker');
  const scratch = mkdtempSync(join(tmpdir(), 'triton-iac-cdktf-'));
  try {
    const generator = new TerraformProviderGenerator(
      new CodeMaker(),
      terraformProviderSchema(handlerSchemas()) as unknown as import('@cdktf/commons').ProviderSchema,
    );
    const constraint = new commons.TerraformProviderConstraint(
      `triton-iac/${TERRAFORM_PROVIDER_NAME}@${PROVIDER_VERSION}`,
    );
    generator.generate(new commons.ConstructsMakerProviderTarget(constraint, commons.LANGUAGES[0]!));
    await generator.save(scratch);
    const source = join(scratch, 'providers', TERRAFORM_PROVIDER_NAME);
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const written: string[] = [];
    for (const file of walk(source)) {
      const rel = relative(source, file);
      if (!rel.endsWith('.ts') || rel === 'lazy-index.ts') continue;
      const target = join(outDir, rel);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, adjust(readFileSync(file, 'utf8')));
      written.push(rel.split('\\').join('/'));
    }
    return written.sort();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function adjust(code: string): string {
  const withSuffixes = code.replace(
    /(from\s+['"])(\.{1,2}\/[^'"]+?)(['"])/g,
    (_m, a: string, path: string, b: string) => {
      if (path.endsWith('.js')) return `${a}${path}${b}`;
      return `${a}${path}/index.js${b}`;
    },
  );
  return `// @ts-nocheck\n${withSuffixes}`;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = await generateBindings(GENERATED_DIR);
  process.stdout.write(`Wrote ${files.length} files under ${relative(process.cwd(), GENERATED_DIR)}\n`);
}
