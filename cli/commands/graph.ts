import { UsageError, type Command } from '../command.js';
import { expectPositionals, parseArgs } from '../private/args.js';
import { renderGraph, type GraphFormat } from '../private/graph-render.js';
import { APP_FLAGS, commonOptions, loadAppFor, stacksOf } from '../private/session.js';

const HELP = `Usage: triton-iac graph [APP] [options]

Prints the dependency graph of the app's resources: an edge from a resource to each resource it
depends on (apply creates the second first; destroy deletes the first first). Synthesizes the app
only: no cloud, no state.

Options:
  --format dot|mermaid   Graphviz DOT (default; \`| dot -Tsvg > graph.svg\`) or a Mermaid
                         flowchart for Markdown (GitHub renders \`\`\`mermaid blocks)
  --stack NAME           only this stack of a multi-stack app
  --account LOGIN        the account an rbac.json is for (default: TRITON_ACCOUNT)
  --context KEY=VALUE  a value the app reads with app.node.tryGetContext('KEY') (repeatable)
  --debug                print stack traces on errors

Exit codes: 0 success, 1 error (the app does not synthesize).

Examples:
  triton-iac graph examples/quickstart/main.ts | dot -Tsvg > graph.svg
  triton-iac graph --format mermaid >> "$GITHUB_STEP_SUMMARY"
`;

/** `triton-iac graph`: the dependency graph in DOT or Mermaid. */
export const graphCommand: Command = {
  name: 'graph',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(argv, { ...APP_FLAGS, format: 'string' }, 'graph');
    expectPositionals(args, 'graph', 0, 1, '[APP] [--format dot|mermaid]');
    const format = args.strings.get('format') ?? 'dot';
    if (format !== 'dot' && format !== 'mermaid')
      throw new UsageError(`--format "${format}" is not a graph format; use dot or mermaid`);
    const common = commonOptions(args);
    const app = await loadAppFor(args.positionals[0], common, io);
    const stacks = stacksOf(app, common);
    io.stdout.write(renderGraph(stacks, format as GraphFormat));
    return 0;
  },
};
