// The judge daemon, dying by SIGKILL the instant its first mail's outcome is committed. The log line
// of a handled mail is written after the commit and before the mail is moved out of the mailbox, so
// dying there leaves the mail committed, unmoved, and its reply unsent.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [built, configFile] = process.argv.slice(2);
const load = (module) => import(pathToFileURL(join(built, module)).href);
const { loadConfig } = await load('config/config.js');
const { startJudge } = await load('daemon/judge.js');

await startJudge(loadConfig(configFile), {
  log(line) {
    process.stdout.write(`${line}\n`);
    if (line.startsWith('mail from')) process.kill(process.pid, 'SIGKILL');
  },
});
