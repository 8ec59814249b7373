import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The architecture's forbidden arrows (docs/architecture.md): for the files of each room, the rooms
 * it must not import. Imports between rooms are relative, so a regular expression on the specifier
 * sees every crossing without a resolver.
 */
const forbidden = {
  domain: { rooms: ['contract', 'machines', 'src', 'server'], why: 'domain/ imports nothing of ours.' },
  contract: { rooms: ['domain', 'machines', 'src', 'server'], why: 'contract/ is the wire only.' },
  machines: { rooms: ['src', 'server'], why: 'machines/ stay pure.', packages: ['react', 'react-dom', 'ky', 'partysocket', 'wouter', '@xstate/react'] },
  src: { rooms: ['server'], why: 'the client speaks to the server only through contract/.' },
  server: { rooms: ['src', 'machines'], why: 'the server serves the built client as files, never imports it.' },
};

const boundaries = Object.entries(forbidden).map(([room, rule]) => ({
  files: [`${room}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', {
      paths: (rule.packages ?? []).map((name) => ({ name, message: rule.why })),
      patterns: [{ regex: `^(\\.\\./)+(${rule.rooms.join('|')})(/|$)`, message: rule.why }],
    }],
  },
}));

/**
 * Inside the rooms, by feature (docs/architecture.md, "The house by feature"): a feature never imports
 * another feature's internals, and shared code never imports a feature or the app. On the server a
 * feature's public module is the file named like its folder (`ledger/ledger.ts`); on the client and
 * in machines/ features do not import each other at all.
 */
const features = {
  server: ['accounts', 'market', 'trading', 'ledger', 'settings', 'funds', 'identity', 'uploads', 'content', 'backoffice', 'ranking'],
  src: ['accounts', 'market', 'trading', 'funds', 'identity', 'content', 'ranking'],
  machines: ['accounts', 'market', 'trading', 'funds', 'identity', 'content', 'backoffice', 'ranking'],
};
const crossing = (pattern, message) => ({ regex: pattern, message });
const zones = [
  {
    files: ['server/platform/**/*.ts'],
    patterns: [crossing(`^(\\.\\./)+(${features.server.join('|')}|app|deps|main)(/|$)`, 'server/platform/ never imports a feature or the composition.')],
  },
  ...features.server.map((own) => ({
    files: [`server/${own}/**/*.ts`],
    patterns: [
      ...features.server.filter((f) => f !== own).map((other) =>
        crossing(`^(\\.\\./)+${other}/(?!${other}$)`, `${own} may use only ${other}/${other}.ts of the ${other} feature.`)),
      // The cluster is composition: it wires the engine and the live market across nodes.
      crossing('^(\\.\\./)+cluster(/|$)', 'a feature never imports the cluster; the cluster composes the features.'),
    ],
  })),
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    patterns: [crossing('^(\\.\\./)+(app|features|admin)(/|$)', 'src/shared/ never imports the app, a feature or the back-office.')],
  },
  ...features.src.map((own) => ({
    files: [`src/features/${own}/**/*.{ts,tsx}`],
    patterns: [
      crossing(`^(\\.\\./)+(${features.src.filter((f) => f !== own).join('|')})(/|$)`, 'features do not import each other.'),
      crossing('^(\\.\\./)+app(/|$)', 'a feature never imports the app; the app composes the features.'),
      crossing('^(\\.\\./)+admin(/|$)', 'the trader\'s client never imports the back-office page.'),
    ],
  })),
  // The back-office page (src/admin/) is a client of its own: it may use src/shared/, never the
  // trader's app or features, and the trader's client never imports it.
  {
    files: ['src/admin/**/*.{ts,tsx}'],
    patterns: [crossing('^(\\.\\./)+(app|features)(/|$)', 'the back-office uses only src/shared/ of the trader\'s client.')],
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    patterns: [crossing('^(\\.\\./)*\\.?/?admin(/|$)', 'the trader\'s client never imports the back-office page.')],
  },
  {
    files: ['machines/shared/**/*.ts'],
    patterns: [crossing(`^\\.\\./(${features.machines.join('|')})/`, 'shared machines never import a feature\'s machines.')],
  },
  ...features.machines.map((own) => ({
    files: [`machines/${own}/**/*.ts`],
    patterns: [crossing(`^\\.\\./(${features.machines.filter((f) => f !== own).join('|')})/`, 'machines of one feature do not import another\'s.')],
  })),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.test-results/**', '.tmp/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
  // A second rule of the same shape, so that a file's room arrows and its feature zone both apply.
  ...zones.map(({ files, patterns }) => ({ files, rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] } })),
  {
    files: ['machines/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'fetch', 'navigator', 'location'] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
