/**
 * The architecture, written down: which folder of src/ may import which. docs/architecture.md draws
 * the same layers. `npm run lint` checks every import against these rules; a new import that runs
 * the wrong way fails CI.
 *
 * Each folder names the folders it may import; everything else in src/ is forbidden to it. The
 * allow-lists only point down the layers, so a cycle between folders cannot be written (and
 * `assertAcyclic` below refuses a list that would allow one).
 */

/** Layer 0, the domain core: pure data and rules, no I/O, nothing from above. */
const CORE = {
  common: [],
  rules: ['common'],
  map: ['common'],
  deadline: ['common'],
  orders: ['common', 'rules', 'map'],
  engine: ['common', 'rules', 'map', 'orders'],
  status: ['common', 'rules', 'map', 'orders'],
};

/** Layer 1, beside the core: pictures, files and settings, used by the game layer. */
const SUPPORT = {
  render: ['map', 'engine'],
  templates: [],
  config: ['common'],
  store: ['common', 'map', 'status'],
  // The DATC runner: cases read and played through the engine, for `judge datc` and the tests.
  datc: ['common', 'rules', 'map', 'orders', 'engine'],
};

const CORE_AND_SUPPORT = [...Object.keys(CORE), ...Object.keys(SUPPORT)];

const LAYERS = {
  ...CORE,
  ...SUPPORT,
  // Layer 2: a game's life, every change of a game as a named operation.
  game: CORE_AND_SUPPORT,
  // Layer 3: what acts on games. None of the three imports the others.
  commands: [...CORE_AND_SUPPORT, 'game'],
  checker: [...CORE_AND_SUPPORT, 'game'],
  mail: [...CORE_AND_SUPPORT, 'game'],
  // Layer 4, the edge: processes, the command line, the web pages.
  web: [...CORE_AND_SUPPORT, 'game', 'commands'],
  daemon: [...CORE_AND_SUPPORT, 'game', 'commands', 'checker', 'mail', 'web'],
  cli: [...CORE_AND_SUPPORT, 'game', 'commands', 'checker', 'mail', 'web', 'daemon'],
};

function assertAcyclic(layers) {
  const done = new Set();
  const visit = (folder, path) => {
    if (path.includes(folder)) throw new Error(`.dependency-cruiser.cjs: folder cycle ${[...path, folder].join(' -> ')}`);
    if (done.has(folder)) return;
    for (const below of layers[folder] ?? []) visit(below, [...path, folder]);
    done.add(folder);
  };
  for (const folder of Object.keys(layers)) visit(folder, []);
}
assertAcyclic(LAYERS);

const folders = Object.keys(LAYERS);

/**
 * Inside src/commands, the same shape one level down. `language` reads a mail into commands and,
 * like the domain core, does no I/O; `context` is what every command is given (the game API, who
 * sent the mail, the sign-on, the announcements); one folder per kind of command reads only those
 * two (the Master's RESIGN of a power is the player's RESIGN, so `master` may use `joining`); `run`
 * takes a mail through all of them.
 */
const COMMAND_PARTS = {
  language: [],
  context: ['language'],
  joining: ['language', 'context'],
  orders: ['language', 'context'],
  press: ['language', 'context'],
  listings: ['language', 'context'],
  settings: ['language', 'context'],
  master: ['language', 'context', 'joining'],
  run: ['language', 'context', 'joining', 'orders', 'press', 'listings', 'settings', 'master'],
};
assertAcyclic(COMMAND_PARTS);

const parts = Object.keys(COMMAND_PARTS);

const commandPartRules = parts.map((part) => {
  const allowed = [part, ...COMMAND_PARTS[part]];
  return {
    name: `commands-${part}-imports-only-below`,
    comment: `src/commands/${part} may import only ${COMMAND_PARTS[part].length ? COMMAND_PARTS[part].map((p) => `src/commands/${p}`).join(', ') : 'nothing else in src/commands'}.`,
    severity: 'error',
    from: { path: `^src/commands/${part}/` },
    to: { path: `^src/commands/(${parts.filter((other) => !allowed.includes(other)).join('|')})/` },
  };
});

const layerRules = folders.map((folder) => {
  const allowed = [folder, ...LAYERS[folder]];
  const forbidden = folders.filter((other) => !allowed.includes(other));
  return {
    name: `${folder}-imports-only-below`,
    comment: `src/${folder} may import only ${LAYERS[folder].length ? LAYERS[folder].map((f) => `src/${f}`).join(', ') : 'nothing else in src'}.`,
    severity: 'error',
    from: { path: `^src/${folder}/` },
    to: { path: `^src/(${forbidden.join('|')})/` },
  };
});

module.exports = {
  forbidden: [
    ...layerRules,
    ...commandPartRules,
    {
      name: 'commands-part-is-named',
      comment: 'Every module of src/commands sits in one of its parts above; a new part is added there first.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/commands/', pathNot: `^src/commands/(${parts.join('|')})/` },
    },
    {
      name: 'deadline-through-its-index',
      comment: "src/deadline's index is its one way in: the rest of the judge sees only what it exports.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/deadline/' },
      to: { path: '^src/deadline/', pathNot: '^src/deadline/index\\.ts$' },
    },
    {
      name: 'command-language-is-pure',
      comment: 'The command language reads text into commands: like the domain core, it imports only the core.',
      severity: 'error',
      from: { path: '^src/commands/language/' },
      to: { path: `^src/(${folders.filter((folder) => !(folder in CORE) && folder !== 'commands').join('|')})/` },
    },
    {
      name: 'src-folder-is-a-layer',
      comment: 'Every folder of src/ has a place in the layers above; a new folder is added there first.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: `^src/`, pathNot: `^src/(${folders.join('|')})/` },
    },
    {
      name: 'no-test-or-bench-code',
      comment: 'The judge never imports its tests, their harnesses or the benchmark.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|conformance|bench|scripts)/' },
    },
    {
      name: 'no-circular',
      comment: 'No cycle between modules either (type-only imports included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'reachable-from-the-judge',
      comment: 'Every module of src/ is used by the judge (cli/main.ts, the one entry point): no dead code, no unused barrel.',
      severity: 'error',
      from: { path: '^src/cli/main\\.ts$' },
      to: { path: '^src/', pathNot: '\\.d\\.ts$', reachable: false },
    },
    {
      name: 'no-dev-dependencies-in-src',
      comment: 'What ships in dist/ must not need a devDependency (smtp-server, playwright-core, vitest...).',
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
