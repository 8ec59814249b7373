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
