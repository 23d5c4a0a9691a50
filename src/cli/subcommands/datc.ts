import type { Command } from 'commander';
import type { DatcOptions } from '../actions/datc.js';

export function registerDatcCommand(program: Command): void {
  program
    .command('datc')
    .description('run a DATC test-case file against the adjudicator; exit status 0 only if every case passes')
    .argument('<file>', 'a file in the DATC case format (VARIANT_ALL, CASE ... END; a RULES line in a case adds DPjudge rules)')
    .option('--time', 'also print the median and 95th-percentile adjudication time per phase type')
    .option('--maps <dir>', 'where the variant maps are (default: the configured maps folder)')
    .action(async (file: string, options: DatcOptions) => (await import('../actions/datc.js')).runDatcFile(file, options));
}
