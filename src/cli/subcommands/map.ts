import type { Command } from 'commander';

export function registerMapCommands(program: Command): void {
  const map = program.command('map').description('map files: check what the judge makes of them');
  map
    .command('check')
    .description('load each map (a folder: every *.map and nJudge map.* in it) and report errors with file:line')
    .argument('<paths...>', 'map files or folders')
    .option('-w, --warnings', 'print warnings too')
    .action(async (paths: string[], options: { warnings?: boolean }) => (await import('../actions/map-check.js')).checkMaps(paths, options));
}
